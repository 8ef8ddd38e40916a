/// Async work a user triggers — a `RACCommand`: loading a page, logging in.
///
/// ```swift
/// let login = Command(enabledIf: canLogIn) { (credentials: Credentials) in
///     try await session.logIn(credentials)
/// }
/// login.isExecuting.observe { spinner.isVisible = $0 }
/// login.errors.observe { message.value = "\($0)" }
/// await login.execute(Credentials(account: "ann", password: "secret"))
/// ```
///
/// **Overlapping executions:** with ``Policy/latestWins`` (the default, like `switchToLatest`)
/// a new execution cancels the one running, whose result is then dropped; with
/// ``Policy/ignoreWhileExecuting`` a new execution is refused while one runs, and ``isEnabled``
/// is `false` meanwhile.
public final class Command<Input: Sendable, Output: Sendable>: Sendable {
    /// What to do with an execution that starts while another runs.
    ///
    /// ```swift
    /// let search = Command<String, [Post]>(policy: .latestWins) { query in try await api.search(query) }
    /// let submit = Command<Void, Void>(policy: .ignoreWhileExecuting) { try await api.submit() }
    /// ```
    public enum Policy: Sendable {
        /// Cancel the running execution and drop its result.
        ///
        /// ```swift
        /// let search = Command<String, [Post]>(policy: .latestWins) { try await api.search($0) }
        /// async let first = search.execute("sw")
        /// async let second = search.execute("swift")  // cancels "sw"; `first` is .failure(.cancelled)
        /// ```
        case latestWins
        /// Refuse the new execution.
        ///
        /// ```swift
        /// let pay = Command<Void, Receipt>(policy: .ignoreWhileExecuting) { try await shop.pay() }
        /// async let first = pay.execute(())
        /// async let second = pay.execute(())  // .failure(.disabled) while the first runs
        /// ```
        case ignoreWhileExecuting
    }

    /// Why an execution produced no value.
    ///
    /// ```swift
    /// switch await login.execute(credentials) {
    /// case .success(let session): print("welcome", session.account)
    /// case .failure(.disabled): print("fill in both fields")
    /// case .failure(.cancelled): break
    /// case .failure(.failed(let error)): print(error)
    /// }
    /// ```
    public enum Failure: Error, Sendable {
        /// The command was not enabled.
        ///
        /// ```swift
        /// let login = Command(enabledIf: .constant(false)) { (_: Void) in "ok" }
        /// await login.execute(())  // .failure(.disabled)
        /// ```
        case disabled
        /// A newer execution, or ``cancel()``, cancelled this one.
        ///
        /// ```swift
        /// let task = Task { await search.execute("swift") }
        /// search.cancel()
        /// await task.value  // .failure(.cancelled)
        /// ```
        case cancelled
        /// The work threw this error (also sent on ``errors``).
        ///
        /// ```swift
        /// if case .failure(.failed(let error)) = await login.execute(credentials) { print(error) }
        /// ```
        case failed(any Error)
    }

    private struct State {
        var running: Task<Output, any Error>?
        var generation = 0
    }

    private let work: @Sendable (Input) async throws -> Output
    private let policy: Policy
    private let state = PosixMutex(State())
    private let executing = MutableProperty(false)
    private let enabledIf: Property<Bool>

    /// Whether an execution is running.
    ///
    /// ```swift
    /// login.isExecuting.observe { spinner.isVisible = $0 }.store(in: bag)
    /// ```
    public var isExecuting: Property<Bool> { executing.readOnly }
    /// Whether ``execute(_:)`` would run now.
    ///
    /// ```swift
    /// login.isEnabled.observe { button.isEnabled = $0 }.store(in: bag)
    /// ```
    public let isEnabled: Property<Bool>
    /// The value of each execution that completes.
    ///
    /// ```swift
    /// search.values.observe { results.value = $0 }.store(in: bag)
    /// ```
    public let values = Signal<Output>()
    /// The error of each execution that fails (cancellations are not errors).
    ///
    /// ```swift
    /// login.errors.observe { message.value = "\($0)" }.store(in: bag)
    /// ```
    public let errors = Signal<any Error>()

    /// Creates a command.
    /// - Parameters:
    ///   - enabledIf: When the command may run; always by default.
    ///   - policy: What an overlapping execution does; ``Policy/latestWins`` by default.
    ///   - work: The async work.
    ///
    /// ```swift
    /// let account = MutableProperty(""), password = MutableProperty("")
    /// let canLogIn = account.readOnly.combineLatest(with: password.readOnly).map { !$0.isEmpty && !$1.isEmpty }
    /// let login = Command(enabledIf: canLogIn) { (credentials: Credentials) in
    ///     try await session.logIn(credentials)
    /// }
    /// ```
    public init(
        enabledIf: Property<Bool> = .constant(true),
        policy: Policy = .latestWins,
        _ work: @escaping @Sendable (Input) async throws -> Output
    ) {
        self.work = work
        self.policy = policy
        self.enabledIf = enabledIf
        isEnabled =
            switch policy {
            case .latestWins: enabledIf
            case .ignoreWhileExecuting: enabledIf.combineLatest(with: executing.readOnly).map { $0 && !$1 }
            }
    }

    /// Runs the work with `input` and waits for it.
    /// - Returns: The value, or why there is none; values and errors are also sent on
    ///   ``values`` and ``errors``.
    ///
    /// ```swift
    /// let result = await login.execute(Credentials(account: "ann", password: "secret"))
    /// if case .success = result { navigate.send(NavigationRequest("app://circles")) }
    /// ```
    @discardableResult
    public func execute(_ input: Input) async -> Result<Output, Failure> {
        guard isEnabled.value else { return .failure(.disabled) }
        let work = work
        let started: (task: Task<Output, any Error>, generation: Int, previous: Task<Output, any Error>?)? =
            state.withLock { state in
                if policy == .ignoreWhileExecuting, state.running != nil { return nil }
                let previous = state.running
                state.generation += 1
                let task = Task { try await work(input) }
                state.running = task
                return (task, state.generation, previous)
            }
        guard let (task, generation, previous) = started else { return .failure(.disabled) }
        // Outside the lock: cancelling runs the previous work's cancellation handlers, which may
        // use this command.
        previous?.cancel()
        executing.value = true
        let result = await withTaskCancellationHandler {
            await task.result
        } onCancel: {
            task.cancel()
        }
        let isLatest = state.withLock { state in
            guard state.generation == generation else { return false }
            state.running = nil
            return true
        }
        guard isLatest else { return .failure(.cancelled) }
        executing.value = false
        switch result {
        case .success(let value):
            values.send(value)
            return .success(value)
        case .failure(let error) where error is CancellationError:
            return .failure(.cancelled)
        case .failure(let error):
            errors.send(error)
            return .failure(.failed(error))
        }
    }

    /// Cancels the running execution, if any.
    ///
    /// ```swift
    /// search.cancel()  // the running execution ends with .failure(.cancelled)
    /// ```
    public func cancel() {
        state.withLock { $0.running }?.cancel()
    }
}

extension Command.Policy: Equatable {}
