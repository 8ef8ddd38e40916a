@_exported public import PlugboardReactive
// Module authors write `import Plugboard` only: the routing and reactive vocabulary come with it.
@_exported public import PlugboardRouting
