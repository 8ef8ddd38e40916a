import Glibc
import PlugboardReactive
import Testing

struct CommandTests {
    @Test func executingGoesTrueThenFalseAndTheValueIsSent() async throws {
        let command = Command { (page: Int) in "page \(page)" }
        let executing = Received<Bool>()
        let values = Received<String>()
        let subscriptions = [
            command.isExecuting.observe { executing.append($0) }, command.values.observe { values.append($0) },
        ]
        let result = await command.execute(2)
        #expect(try result.get() == "page 2")
        #expect(executing.all == [false, true, false])
        #expect(values.all == ["page 2"])
        #expect(subscriptions.count == 2)
    }

    @Test func aFailureIsSentOnErrorsAndLeavesStateIntact() async {
        let loaded = MutableProperty(["a"])
        let command = Command { (_: Void) -> [String] in throw Failure(message: "wrong password") }
        let errors = Received<String>()
        let subscription = command.errors.observe { errors.append("\($0)") }
        command.values.observe { loaded.value = $0 }.store(in: SubscriptionBag())
        guard case .failure(.failed(let error)) = await command.execute(()) else {
            Issue.record("the command did not fail")
            return
        }
        #expect("\(error)" == "wrong password")
        #expect(errors.all == ["wrong password"])
        #expect(loaded.value == ["a"])
        #expect(!command.isExecuting.value)
        subscription.cancel()
    }

    @Test func aDisabledCommandDoesNotRun() async {
        let enabled = MutableProperty(false)
        let runs = Received<Int>()
        let command = Command(enabledIf: enabled.readOnly) { (value: Int) in runs.append(value) }
        guard case .failure(.disabled) = await command.execute(1) else {
            Issue.record("a disabled command ran")
            return
        }
        enabled.value = true
        _ = await command.execute(2)
        #expect(runs.all == [2])
    }

    @Test func latestWinsCancelsTheRunningExecution() async throws {
        let command = Command { (delay: Int) -> Int in
            try await Task.sleep(for: .milliseconds(delay))
            return delay
        }
        let values = Received<Int>()
        let subscription = command.values.observe { values.append($0) }
        async let slow = command.execute(10_000)
        while !command.isExecuting.value { await Task.yield() }
        let fast = await command.execute(1)
        guard case .failure(.cancelled) = await slow else {
            Issue.record("the older execution was not cancelled")
            return
        }
        #expect(try fast.get() == 1)
        #expect(values.all == [1])
        #expect(!command.isExecuting.value)
        subscription.cancel()
    }

    @Test func workWhoseCancellationUsesTheCommandDoesNotStopTheNextExecution() async {
        // The older execution's cancellation handler calls back into the command while the
        // newer one starts; the alarm ends a wait for a lock held by the same thread (SIGALRM).
        await #expect(processExitsWith: .success) {
            alarm(20)
            let late = PosixMutex<Command<Int, Int>?>(nil)
            let command = Command { (delay: Int) -> Int in
                try await withTaskCancellationHandler {
                    try await Task.sleep(for: .milliseconds(delay))
                    return delay
                } onCancel: {
                    _ = late.withLock { $0 }?.isExecuting.value
                    late.withLock { $0 }?.cancel()
                }
            }
            late.withLock { $0 = command }
            async let slow = command.execute(10_000)
            while !command.isExecuting.value { await Task.yield() }
            _ = await command.execute(1)
            guard case .failure(.cancelled) = await slow else { exit(3) }
        }
    }

    @Test func ignoreWhileExecutingRefusesOverlapAndDisablesItself() async {
        let gate = AsyncStream<Void>.makeStream()
        let command = Command(policy: .ignoreWhileExecuting) { (_: Void) in
            for await _ in gate.stream { break }
        }
        async let first = command.execute(())
        while !command.isExecuting.value { await Task.yield() }
        #expect(!command.isEnabled.value)
        guard case .failure(.disabled) = await command.execute(()) else {
            Issue.record("an overlapping execution ran")
            return
        }
        gate.continuation.yield()
        #expect((try? await first.get()) != nil)
        #expect(command.isEnabled.value)
    }

    @Test func cancelStopsTheExecution() async {
        let command = Command { (_: Void) in try await Task.sleep(for: .seconds(60)) }
        async let running = command.execute(())
        while !command.isExecuting.value { await Task.yield() }
        command.cancel()
        guard case .failure(.cancelled) = await running else {
            Issue.record("the execution was not cancelled")
            return
        }
        #expect(!command.isExecuting.value)
    }
}
