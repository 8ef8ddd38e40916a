import Testing

@testable import Plugboard

/// A stopped plugin starts again by itself, unless it stopped 3 times within 5 minutes: then it
/// stays stopped until it is restarted on purpose. Instants are a test's own clock.
struct RestartPolicyTests {
    @Test func threeStopsWithinFiveMinutesKeepThePluginStoppedUntilRestarted() {
        let start = ContinuousClock.now
        var policy = RestartPolicy()
        policy.recordStop(at: start)
        policy.recordStop(at: start + .seconds(60))
        #expect(policy.startsAgain(at: start + .seconds(61)))
        policy.recordStop(at: start + .seconds(299))
        #expect(!policy.startsAgain(at: start + .seconds(299)))
        // The first stop leaves the window: two within the last 5 minutes.
        #expect(policy.startsAgain(at: start + .seconds(300)))
        policy.forgetStops()
        #expect(policy.startsAgain(at: start + .seconds(299)))
    }

    @Test func stopsFarApartNeverKeepItStopped() {
        let start = ContinuousClock.now
        var policy = RestartPolicy()
        for minute in 0..<10 {
            policy.recordStop(at: start + .seconds(minute * 180))
            #expect(policy.startsAgain(at: start + .seconds(minute * 180)))
        }
        var strict = RestartPolicy(limit: 1, window: .seconds(60))
        strict.recordStop(at: start)
        #expect(!strict.startsAgain(at: start + .seconds(59)))
        #expect(strict.startsAgain(at: start + .seconds(60)))
    }
}
