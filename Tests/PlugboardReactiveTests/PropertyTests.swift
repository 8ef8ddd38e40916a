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
}
