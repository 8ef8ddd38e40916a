/// Everything one module registered, held apart until the registry accepts all of it.
struct Contribution: Sendable {
    var module: RegisteredModule
    var routes: [Route] = []
    var tasks: [StartupTask] = []
    var services: [Service] = []
    var handlers: [EventHandler] = []
    var shutdowns: [ShutdownHandler] = []
}
