import Glibc
import PlugboardReactive
import Testing

struct PropertyTests {
    @Test func observingGivesTheCurrentValueThenEachChange() {
        let property = MutableProperty("a")
        let received = Received<String>()
        let subscription = property.observe { received.append($0) }
        property.value = "b"
        property.value = "c"
        #expect(received.all == ["a", "b", "c"])
        #expect(property.readOnly.value == "c")
        subscription.cancel()
    }

    @Test func theLoginButtonIsEnabledOnlyWhenBothFieldsAreFilled() {
        let account = MutableProperty("")
        let password = MutableProperty("")
        let canLogIn = account.readOnly.combineLatest(with: password.readOnly).map { !$0.isEmpty && !$1.isEmpty }
        let received = Received<Bool>()
        let subscription = canLogIn.observe { received.append($0) }
        account.value = "ann"
        password.value = "secret"
        account.value = ""
        #expect(received.all == [false, false, true, false])
        #expect(!canLogIn.value)
        subscription.cancel()
    }

    @Test func bindingFollowsAnotherProperty() {
        let source = MutableProperty(1)
        let target = MutableProperty(0)
        let binding = target.bind(to: source.readOnly)
        #expect(target.value == 1)
        source.value = 5
        #expect(target.value == 5)
        binding.cancel()
        source.value = 9
        #expect(target.value == 5)
    }

    @Test func readingOrSettingAPropertyInsideItsOwnModifyStopsWithAMessage() async {
        // A trap (SIGILL), where the program would otherwise wait forever for the lock that
        // `modify` holds: the alarm ends such a wait with SIGALRM, which fails the expectation.
        let reading = await #expect(processExitsWith: .signal(SIGILL), observing: [\.standardErrorContent]) {
            alarm(20)
            let count = MutableProperty(0)
            count.modify { $0 = count.value + 1 }
        }
        let setting = await #expect(processExitsWith: .signal(SIGILL), observing: [\.standardErrorContent]) {
            alarm(20)
            let count = MutableProperty(0)
            count.modify { _ in count.value = 2 }
        }
        for result in [reading, setting] {
            let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(message.contains("MutableProperty<Int> was read or set inside its own modify closure"))
        }
    }

    @Test func modifyFromManyThreadsAtOnceIsNotTakenForReentry() async {
        let count = MutableProperty(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<1_000 { count.modify { $0 += 1 } } }
            }
        }
        #expect(count.value == 8_000)
    }

    @Test func propertiesBoundBothWaysSettle() async {
        // Without settling, each change would come back around until the stack overflows; in a
        // process of its own, so that such a crash fails the expectation.
        await #expect(processExitsWith: .success) {
            let (a, b, c) = (MutableProperty("a"), MutableProperty("b"), MutableProperty("c"))
            let bindings = [
                a.bind(to: b.readOnly), b.bind(to: a.readOnly), c.bind(to: b.readOnly), b.bind(to: c.readOnly),
            ]
            let seen = Received<String>()
            let observation = c.changes.observe { seen.append($0) }
            a.value = "x"
            guard [a.value, b.value, c.value] == ["x", "x", "x"] else { exit(3) }
            c.value = "y"
            guard [a.value, b.value, c.value] == ["y", "y", "y"] else { exit(4) }
            guard seen.all.last == "y", seen.all.contains("x") else { exit(5) }
            withExtendedLifetime((bindings, observation)) {}
        }
    }
}
