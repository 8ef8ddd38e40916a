// Module authors write `import Plugboard` only: the routing vocabulary comes with it.
@_exported public import PlugboardRouting
