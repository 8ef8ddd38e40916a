internal import Glibc

extension Duration {
    /// This duration as a socket's receive timeout (`SO_RCVTIMEO`) takes it: at least a
    /// microsecond, since no timeout at all is written as zero.
    var receiveTimeout: timeval {
        let (seconds, attoseconds) = components
        guard seconds > 0 || attoseconds >= 1_000_000_000_000 else { return timeval(tv_sec: 0, tv_usec: 1) }
        return timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    }
}
