/// A number of seconds as a message shows it: whole seconds without a fraction (`2`), others as
/// given (`1.5`).
enum SecondsText {
    static func make(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}
