import PlugboardReactive
import Testing

struct SignalTests {
    @Test func valuesReachEveryObserverInSubscriptionOrder() {
        let signal = Signal<Int>()
        let received = Received<String>()
        let first = signal.observe { received.append("first \($0)") }
        let second = signal.observe { received.append("second \($0)") }
        signal.send(1)
        signal.send(2)
        #expect(received.all == ["first 1", "second 1", "first 2", "second 2"])
        first.cancel()
        signal.send(3)
        #expect(received.all.last == "second 3")
        #expect(signal.observerCount == 1)
        second.cancel()
        #expect(signal.observerCount == 0)
    }

    @Test func completionIsFinalAndReplayedToLateObservers() {
        let signal = Signal<Int>()
        let received = Received<String>()
        signal.observe(onValue: { received.append("\($0)") }, onFinish: { received.append("finished") })
        signal.send(1)
        signal.finish()
        signal.finish()
        signal.send(2)
        let late = signal.observe(
            onValue: { received.append("late \($0)") }, onFinish: { received.append("late finished") })
        #expect(received.all == ["1", "finished", "late finished"])
        #expect(late.isCancelled)
        #expect(signal.observerCount == 0)
    }

    @Test func aBagEndsItsSubscriptionsWhenReleased() {
        let signal = Signal<Int>()
        var owner: Owner? = Owner()
        signal.observe { _ in }.store(in: owner!.bag)
        signal.observe { _ in }.store(in: owner!.bag)
        #expect(signal.observerCount == 2)
        owner = nil
        #expect(signal.observerCount == 0)
    }

    @Test func observingWhileAnOwnerLivesEndsAfterItIsReleased() {
        let signal = Signal<Int>()
        let received = Received<Int>()
        var owner: Owner? = Owner()
        signal.observe(while: owner!) { _, value in received.append(value) }
        signal.send(1)
        owner = nil
        signal.send(2)
        #expect(received.all == [1])
        #expect(signal.observerCount == 0)
    }

    @Test func anObserverMaySendAndObserveFromItsHandlerWithoutDeadlock() {
        let signal = Signal<Int>()
        let received = Received<Int>()
        signal.observe { value in
            received.append(value)
            if value < 3 { signal.send(value + 1) }
            signal.observe { _ in }.cancel()
        }
        signal.send(1)
        #expect(received.all == [1, 2, 3])
    }

    @Test func operatorsTransformAsTheArticlesUseThem() {
        let signal = Signal<Int>()
        let mapped = Received<String>()
        let filtered = Received<Int>()
        let skipped = Received<Int>()
        let taken = Received<String>()
        let distinct = Received<Int>()
        let map = signal.map { "#\($0)" }
        let filter = signal.filter { $0.isMultiple(of: 2) }
        let skip = signal.skip(2)
        let take = signal.take(2)
        let unique = signal.distinctUntilChanged()
        let subscriptions = [
            map.observe { mapped.append($0) }, filter.observe { filtered.append($0) },
            skip.observe { skipped.append($0) },
            take.observe(onValue: { taken.append("\($0)") }, onFinish: { taken.append("done") }),
            unique.observe { distinct.append($0) },
        ]
        for value in [1, 1, 2, 2, 3] { signal.send(value) }
        #expect(mapped.all == ["#1", "#1", "#2", "#2", "#3"])
        #expect(filtered.all == [2, 2])
        #expect(skipped.all == [2, 2, 3])
        #expect(taken.all == ["1", "1", "done"])
        #expect(distinct.all == [1, 2, 3])
        #expect(subscriptions.count == 5)
    }

    @Test func mergeAndCombineLatestJoinSources() {
        let left = Signal<Int>()
        let right = Signal<Int>()
        let merged = Received<Int>()
        let combined = Received<String>()
        let merge = left.merge(with: right)
        let combine = left.combineLatest(with: right)
        merge.observe(onValue: { merged.append($0) }, onFinish: { merged.append(-1) })
        combine.observe { combined.append("\($0.0)+\($0.1)") }
        left.send(1)
        right.send(10)
        left.send(2)
        left.finish()
        right.send(20)
        right.finish()
        #expect(merged.all == [1, 10, 2, 20, -1])
        // As in ReactiveCocoa, a finished source still pairs its last value with the other's new ones.
        #expect(combined.all == ["1+10", "2+10", "2+20"])
    }

    @Test func aDerivedSignalReleasesItsSubscriptionToTheSource() {
        let source = Signal<Int>()
        var mapped: Signal<String>? = source.map { "\($0)" }
        #expect(source.observerCount == 1)
        mapped = nil
        #expect(source.observerCount == 0)
        #expect(mapped == nil)
    }

    @Test func valuesBridgeToAsyncSequence() async {
        let signal = Signal<Int>()
        let stream = signal.values
        let reader = Task {
            var seen: [Int] = []
            for await value in stream { seen.append(value) }
            return seen
        }
        while signal.observerCount == 0 { await Task.yield() }
        for value in 1...3 { signal.send(value) }
        signal.finish()
        #expect(await reader.value == [1, 2, 3])
    }

    @Test func concurrentSendersLoseNothing() async {
        let signal = Signal<Int>()
        let received = Received<Int>()
        let subscription = signal.observe { received.append($0) }
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<8 {
                group.addTask { for value in 0..<1_000 { signal.send(sender * 1_000 + value) } }
            }
            group.addTask {
                for _ in 0..<1_000 { signal.observe { _ in }.cancel() }
            }
        }
        #expect(Set(received.all) == Set(0..<8_000))
        subscription.cancel()
    }
}

struct SignalChainTests {
    @Test func aChainOfOperatorsLivesAsLongAsItsSubscription() {
        let left = Signal<Int>()
        let right = Signal<Int>()
        let received = Received<String>()
        let subscription = left.merge(with: right).map { "#\($0)" }.observe { received.append($0) }
        left.send(1)
        right.send(2)
        #expect(received.all == ["#1", "#2"])
        subscription.cancel()
        left.send(3)
        #expect(received.all == ["#1", "#2"])
        #expect(left.observerCount == 0)
        #expect(right.observerCount == 0)
    }
}
