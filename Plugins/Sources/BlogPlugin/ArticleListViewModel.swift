import Plugboard

/// Articles of the chosen category; choosing a category resets paging to its first page.
final class ArticleListViewModel: ViewModel {
    let navigation = Signal<NavigationRequest>()
    let store: ArticleStore
    let category = MutableProperty("Swift")
    let rows = MutableProperty<[Article]>([])
    let pages = MutableProperty(0)
    let exhausted = MutableProperty(false)

    init(store: ArticleStore) {
        self.store = store
    }

    func firstPage() async {
        let page = await store.page(1, of: category.value)
        rows.value = page
        pages.value = 1
        exhausted.value = page.count < ArticleStore.pageSize
    }

    func nextPage() async {
        let page = await store.page(pages.value + 1, of: category.value)
        rows.modify { $0 += page }
        pages.modify { $0 += 1 }
        exhausted.value = page.count < ArticleStore.pageSize
    }

    func choose(_ name: String) async {
        category.value = name
        await firstPage()
    }

    func tap(row: Int) {
        navigation.send(.push("app://blog/articles/\(rows.value[row].id)"))
    }
}

/// One article, whose body is loaded by id when the screen opens.
final class ArticleViewModel: ViewModel {
    let navigation = Signal<NavigationRequest>()
    let id: Int
    let text = MutableProperty("loading…")
    let load: Command<Int, (Article, String)>
    private let bag = SubscriptionBag()

    init(id: Int, store: ArticleStore) {
        self.id = id
        load = Command { id in try await store.body(of: id) }
    }

    func initialize() {
        let text = text
        load.values.observe { text.value = $0.1 }.store(in: bag)
        load.errors.observe { text.value = "error: \($0)" }.store(in: bag)
    }

    func comment() {
        navigation.send(.push("app://blog/articles/\(id)/comment"))
    }
}
