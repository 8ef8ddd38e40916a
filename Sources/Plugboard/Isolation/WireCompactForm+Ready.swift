/// The compact form of ``WireMessage/ready(version:plugins:routes:handlers:interceptors:fallback:launch:)``
/// (kind 6), the answer that ends a first use's handshake: its fields in their order, as
/// ``WireCompactForm`` writes any; a plugin as its name, version and modules; a route as its
/// pattern, optional title, optional example, module and plugin; a handler as its event and module; an interceptor
/// as its number, optional pattern, optional prefix, priority and module; then the launch report.
/// A duration crosses as its whole seconds and the nanoseconds past them, each in 8 bytes (the
/// resolution of the clock a launch is timed with: a finer part is dropped); a task's
/// phase as its raw value, a byte; an outcome as a byte, 1 to 6 (succeeded, failed, timed out,
/// cancelled, skipped, abandoned), then its reason or its duration.
extension WireCompactForm.Writer {
    mutating func ready(
        version: Int, plugins: [WirePlugin], routes: [WireRoute], handlers: [WireHandler],
        interceptors: [WireInterceptor], fallback: String?, launch: LaunchReport
    ) {
        integer(version)
        list(plugins) { writer, plugin in
            writer.string(plugin.name)
            writer.string(plugin.version)
            writer.strings(plugin.modules)
        }
        list(routes) { writer, route in
            writer.string(route.pattern)
            writer.optional(route.title) { $0.string($1) }
            writer.optional(route.example) { $0.string($1) }
            writer.string(route.module)
            writer.string(route.plugin)
        }
        list(handlers) { writer, handler in
            writer.string(handler.event)
            writer.string(handler.module)
        }
        list(interceptors) { writer, interceptor in
            writer.integer(interceptor.number)
            writer.optional(interceptor.pattern) { $0.string($1) }
            writer.optional(interceptor.prefix) { $0.string($1) }
            writer.integer(interceptor.priority)
            writer.string(interceptor.module)
        }
        optional(fallback) { $0.string($1) }
        report(launch)
    }

    private mutating func report(_ report: LaunchReport) {
        list(report.entries) { writer, entry in
            writer.string(entry.name)
            writer.owner(entry.owner)
            writer.bytes.append(UInt8(entry.phase.rawValue))
            writer.truth(entry.isMainActor)
            writer.truth(entry.isRequired)
            writer.strings(entry.dependencies)
            writer.duration(entry.start)
            writer.duration(entry.duration)
            writer.outcome(entry.outcome)
        }
        strings(report.criticalPath)
        duration(report.duration)
        optional(report.failure) { writer, failure in
            writer.string(failure.task)
            writer.owner(failure.owner)
            writer.outcome(failure.outcome)
        }
        truth(report.wasCancelled)
        list(report.quarantined) { writer, plugin in
            writer.string(plugin.name)
            writer.string(plugin.reason)
        }
    }

    private mutating func owner(_ owner: Owner) {
        string(owner.module)
        string(owner.image)
    }

    private mutating func duration(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        fixed(seconds)
        fixed(attoseconds / 1_000_000_000)
    }

    private mutating func outcome(_ outcome: LaunchReport.Outcome) {
        switch outcome {
        case .succeeded:
            bytes.append(OutcomeKind.succeeded.rawValue)
        case .failed(let reason):
            bytes.append(OutcomeKind.failed.rawValue)
            string(reason)
        case .timedOut(let limit):
            bytes.append(OutcomeKind.timedOut.rawValue)
            duration(limit)
        case .cancelled(let reason):
            bytes.append(OutcomeKind.cancelled.rawValue)
            string(reason)
        case .skipped(let reason):
            bytes.append(OutcomeKind.skipped.rawValue)
            string(reason)
        case .abandoned(let ran):
            bytes.append(OutcomeKind.abandoned.rawValue)
            duration(ran)
        }
    }
}

extension WireCompactForm.Reader {
    mutating func ready() throws(WireError) -> WireMessage {
        let version = try integer()
        let plugins = try list { reader throws(WireError) in
            WirePlugin(
                name: try reader.string(), version: try reader.string(),
                modules: try reader.strings())
        }
        let routes = try list { reader throws(WireError) in
            WireRoute(
                pattern: try reader.string(), title: try reader.optionalString(), example: try reader.optionalString(),
                module: try reader.string(), plugin: try reader.string())
        }
        let handlers = try list { reader throws(WireError) in
            WireHandler(event: try reader.string(), module: try reader.string())
        }
        let interceptors = try list { reader throws(WireError) in
            WireInterceptor(
                number: try reader.integer(), pattern: try reader.optionalString(),
                prefix: try reader.optionalString(), priority: try reader.integer(), module: try reader.string())
        }
        return .ready(
            version: version, plugins: plugins, routes: routes, handlers: handlers, interceptors: interceptors,
            fallback: try optionalString(), launch: try report())
    }

    private mutating func report() throws(WireError) -> LaunchReport {
        let entries = try list { reader throws(WireError) in
            LaunchReport.Entry(
                name: try reader.string(), owner: try reader.owner(), phase: try reader.phase(),
                isMainActor: try reader.truth(), isRequired: try reader.truth(),
                dependencies: try reader.strings(),
                start: try reader.duration(), duration: try reader.duration(), outcome: try reader.outcome())
        }
        let criticalPath = try strings()
        let duration = try duration()
        let failure: LaunchReport.Failure? =
            try truth()
            ? LaunchReport.Failure(task: try string(), owner: try owner(), outcome: try outcome()) : nil
        return LaunchReport(
            entries: entries, criticalPath: criticalPath, duration: duration, failure: failure,
            wasCancelled: try truth(),
            quarantined: try list { reader throws(WireError) in
                QuarantinedPlugin(name: try reader.string(), reason: try reader.string())
            })
    }

    private mutating func owner() throws(WireError) -> Owner {
        Owner(module: try string(), image: try string())
    }

    private mutating func phase() throws(WireError) -> StartupPhase {
        let raw = try byte()
        guard let phase = StartupPhase(rawValue: Int(raw)) else {
            throw WireCompactForm.malformed("it holds \(raw), which is no startup phase")
        }
        return phase
    }

    /// A duration as its parts are written: whole seconds, then the nanoseconds below a second,
    /// of the seconds' sign. Other parts would make a duration whose parts cannot be taken again.
    private mutating func duration() throws(WireError) -> Duration {
        let (seconds, nanoseconds) = (try fixed(Int64.self), try fixed(Int64.self))
        guard nanoseconds.magnitude < 1_000_000_000,
            seconds == 0 || nanoseconds == 0 || (seconds < 0) == (nanoseconds < 0)
        else {
            throw WireCompactForm.malformed(
                "it holds \(seconds) s and \(nanoseconds) ns, which are no duration's parts")
        }
        return .seconds(seconds) + .nanoseconds(nanoseconds)
    }

    private mutating func outcome() throws(WireError) -> LaunchReport.Outcome {
        let kind = try byte()
        switch OutcomeKind(rawValue: kind) {
        case .succeeded?: return .succeeded
        case .failed?: return .failed(reason: try string())
        case .timedOut?: return .timedOut(after: try duration())
        case .cancelled?: return .cancelled(reason: try string())
        case .skipped?: return .skipped(reason: try string())
        case .abandoned?: return .abandoned(after: try duration())
        case nil:
            throw WireCompactForm.malformed(
                "it holds an outcome of kind \(kind), which is none of \(OutcomeKind.numbers)")
        }
    }
}

/// The kind of a task's outcome in a launch report, the byte before what it holds.
private enum OutcomeKind: UInt8, WireCompactKind {
    case succeeded = 1
    case failed = 2
    case timedOut = 3
    case cancelled = 4
    case skipped = 5
    case abandoned = 6
}
