import FoundationEssentials
import Glibc

/// `plugboard completion bash|zsh|fish`: a script that makes the shell complete `plugboard`'s
/// command line — its commands, each command's options, and the directories, files and values
/// they take.
enum CompletionCommand {
    static let help = """
        USAGE: plugboard completion bash|zsh|fish

        Prints a script that makes the shell complete plugboard's commands, their options, and
        the directories, files and values those take. To use it:
          bash   plugboard completion bash > ~/.local/share/bash-completion/completions/plugboard
          zsh    plugboard completion zsh > "${fpath[1]}/_plugboard" (or source it from ~/.zshrc)
          fish   plugboard completion fish > ~/.config/fish/completions/plugboard.fish

        OPTIONS:
          -h, --help   Show this help.
        """

    /// What a command's operands are, for the shell to offer.
    enum Operand {
        case none, directory, files, name, command, shell
    }

    /// Each command, its options (all but `--help`) and what its operands are.
    static let commands: [(name: String, options: [String], operand: Operand)] = {
        let plugins = ["--plugins", "--with-bundled"]
        let isolation = ["--isolate", "--plugin-deadline", "--grant"]
        let launching = ["--task-timeout"] + isolation
        return [
            ("demo", plugins + ["--eager"] + launching, .none),
            ("run", plugins + ["--open", "--strict", "--eager", "--watch", "--build"] + launching, .none),
            ("launch", plugins + ["--trace", "--hold", "--strict"] + launching, .none),
            ("graph", plugins + ["--format", "--isolate"], .none),
            ("routes", plugins + ["--json", "--eager"] + isolation, .none),
            ("list", plugins + ["--json", "--eager"] + isolation, .none),
            ("open", plugins + ["--strict", "--eager"] + launching, .none),
            ("inspect", ["--json"], .files), ("resolve", plugins + ["--json"], .directory),
            ("verify", plugins + ["--timeout", "--actions", "--json"], .directory),
            ("new", ["--in", "--needs"], .name),
            ("seal", [], .files), ("help", [], .command), ("completion", [], .shell),
        ]
    }()

    /// Options that take a directory, a file, or one of a few words.
    private static let directoryOptions = ["--plugins", "--in", "--build"]
    private static let fileOptions = ["--trace"]
    /// Options that take a value the shell cannot offer: a URL, a number of seconds, or a plugin's name.
    private static let freeOptions = [
        "--open", "--timeout", "--task-timeout", "--plugin-deadline", "--needs", "--grant",
    ]
    private static let formats = "text dot"
    private static let isolations = "all none"
    private static let shells = "bash zsh fish"

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Options(arguments, valued: [], operands: 1)
        guard let shell = options.operands.first else {
            throw HostError.usage("completion takes a shell: bash, zsh or fish")
        }
        switch shell {
        case "bash": Terminal.line(bash)
        case "zsh":
            Terminal.line(
                """
                # plugboard's command line, completed by zsh through its bash emulation.
                (( $+functions[compdef] )) || { autoload -U +X compinit && compinit -u }
                autoload -U +X bashcompinit && bashcompinit
                """ + "\n" + bash)
        case "fish": Terminal.line(fish)
        default: throw HostError.usage("no completion for '\(shell)'; choose bash, zsh or fish")
        }
        return 0
    }

    private static var names: String {
        (commands.map(\.name) + ["--version", "--help"]).joined(separator: " ")
    }

    private static var bash: String {
        let cases = commands.map { command in
            let operands =
                switch command.operand {
                case .none, .name: ""
                case .directory: #"COMPREPLY=($(compgen -d -- "$cur"))"#
                case .files: #"COMPREPLY=($(compgen -f -X '!*.so' -- "$cur") $(compgen -d -- "$cur"))"#
                case .command: #"COMPREPLY=($(compgen -W "\#(commands.map(\.name).joined(separator: " "))" -- "$cur"))"#
                case .shell: #"COMPREPLY=($(compgen -W "\#(shells)" -- "$cur"))"#
                }
            return "    \(command.name)) opts=\"\((command.options + ["--help"]).joined(separator: " "))\"; "
                + "operands='\(operands.replacing("'", with: #"'\''"#))' ;;"
        }
        return #"""
            # plugboard's command line, completed by bash (plugboard completion bash).
            _plugboard() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} opts operands
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\#(names)" -- "$cur"))
                    return
                fi
                case $prev in
                \#(directoryOptions.joined(separator: "|"))) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                \#(fileOptions.joined(separator: "|"))) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                --format) COMPREPLY=($(compgen -W "\#(formats)" -- "$cur")); return ;;
                --isolate) COMPREPLY=($(compgen -W "\#(isolations)" -- "$cur")); return ;;
                \#(freeOptions.joined(separator: "|"))) COMPREPLY=(); return ;;
                esac
                case ${COMP_WORDS[1]} in
            \#(cases.joined(separator: "\n"))
                *) return ;;
                esac
                if [[ $cur == -* ]]; then
                    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
                else
                    COMPREPLY=()
                    eval "$operands"
                fi
            }
            complete -F _plugboard plugboard
            """#
    }

    private static var fish: String {
        var lines = [
            "# plugboard's command line, completed by fish (plugboard completion fish).",
            "complete -c plugboard -f",
            "complete -c plugboard -n __fish_use_subcommand -a '\(commands.map(\.name).joined(separator: " "))'",
            "complete -c plugboard -n __fish_use_subcommand -l version -d 'the build a plugin must match'",
        ]
        for command in commands {
            let when = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.options + ["--help"] {
                let name = option.dropFirst(2)
                let takes: String
                if directoryOptions.contains(option) {
                    takes = " -x -a '(__fish_complete_directories)'"
                } else if fileOptions.contains(option) {
                    takes = " -r -F"
                } else if option == "--format" {
                    takes = " -x -a '\(formats)'"
                } else if option == "--isolate" {
                    takes = " -x -a '\(isolations)'"
                } else {
                    takes = freeOptions.contains(option) ? " -x" : ""
                }
                lines.append("complete -c plugboard \(when) -l \(name)\(takes)")
            }
            switch command.operand {
            case .none, .name: break
            case .directory: lines.append("complete -c plugboard \(when) -a '(__fish_complete_directories)'")
            case .files: lines.append("complete -c plugboard \(when) -F")
            case .command:
                lines.append("complete -c plugboard \(when) -a '\(commands.map(\.name).joined(separator: " "))'")
            case .shell: lines.append("complete -c plugboard \(when) -a '\(shells)'")
            }
        }
        return lines.joined(separator: "\n")
    }
}
