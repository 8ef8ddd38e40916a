import Plugboard

/// The circle list's state and intents: paged recommendations, refresh, next page, taps.
final class CircleListViewModel: ViewModel {
    /// What the last load ended with, as the articles' refresh footer shows it.
    enum LoadState: Sendable, Equatable {
        case idle, moreData, noMoreData
        case error(String)
    }

    let navigation = Signal<NavigationRequest>()
    let store: CircleStore
    let rows = MutableProperty<[Circle]>([])
    let loadState = MutableProperty(LoadState.idle)
    let loadedPages = MutableProperty(0)
    let refresh: Command<Void, [Circle]>
    let nextPage: Command<Void, [Circle]>
    private let bag = SubscriptionBag()

    init(store: CircleStore) {
        self.store = store
        refresh = Command { _ in try await store.page(1) }
        let loadedPages = loadedPages
        nextPage = Command { _ in try await store.page(loadedPages.value + 1) }
    }

    func initialize() {
        let (rows, loadState, loadedPages) = (rows, loadState, loadedPages)
        refresh.values.observe { page in
            rows.value = page
            loadedPages.value = 1
            loadState.value = page.count < CircleStore.pageSize ? .noMoreData : .moreData
        }.store(in: bag)
        nextPage.values.observe { page in
            rows.modify { $0 += page }
            loadedPages.modify { $0 += 1 }
            loadState.value = page.count < CircleStore.pageSize ? .noMoreData : .moreData
        }.store(in: bag)
        refresh.errors.merge(with: nextPage.errors).observe { loadState.value = .error("\($0)") }.store(in: bag)
    }

    func tap(row: Int) {
        let circle = rows.value[row]
        navigation.send(.push("app://circles/\(circle.id)", context: circle.title))
    }

    func add() {
        navigation.send(.push("app://circles/new"))
    }
}
