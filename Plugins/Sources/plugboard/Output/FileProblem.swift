import FoundationEssentials
import Glibc

/// Why the host cannot write where it was asked to, in the words of the system.
///
/// Foundation's file errors wrap the `errno` of the system call that failed, and the system's
/// description of it ("No space left on device", "Not a directory") names the cause where
/// Foundation's own text often does not ("The operation could not be completed").
enum FileProblem {
    /// The system's description of the `errno` that `error` wraps, or the error's own description
    /// when it wraps none.
    static func reason(_ error: any Error) -> String {
        let posix = (error as? POSIXError) ?? ((error as? CocoaError)?.underlying as? POSIXError)
        guard let posix else { return String(describing: error) }
        return reason(errno: posix.code.rawValue)
    }

    /// Why creating `directory`, with the directories above it, failed with `error`: a file that is
    /// not a directory in the way (which the system reports as "File exists" or "Not a
    /// directory"), or what `error` says.
    static func reason(_ error: any Error, creating directory: String) -> String {
        var path = directory
        var isDirectory = false
        while !path.isEmpty && path != "/" {
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                return isDirectory ? reason(error) : "\(path) is not a directory"
            }
            path = PathText.directory(of: path)
        }
        return reason(error)
    }

    /// The system's description of the error number `code`, such as "No such file or directory".
    static func reason(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Why a file cannot be created in `directory`, if it cannot: it does not exist, is not a
    /// directory, or is not writable.
    static func whyNotWritable(directory: String) -> String? {
        var isDirectory = false
        if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) || !isDirectory {
            return "there is no directory \(directory); create it or choose another path"
        }
        if access(directory, W_OK) != 0 { return "the directory \(directory) is not writable" }
        return nil
    }
}
