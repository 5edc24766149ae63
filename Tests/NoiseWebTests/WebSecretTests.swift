import NoiseCore
import NoiseWebCore
import Testing

@Suite struct WebSecretTests {
    @Test func aNewSecretIs64HexDigitsAndNew() {
        let one = WebSecret.random(), two = WebSecret.random()
        #expect(one.text.count == 64)
        #expect(WebSecret(parsing: one.text) == one)
        #expect(one != two)
    }

    @Test func onlyTheFormOfASecretIsRead() {
        #expect(WebSecret(parsing: String(repeating: "a", count: 63)) == nil)
        #expect(WebSecret(parsing: String(repeating: "a", count: 65)) == nil)
        #expect(WebSecret(parsing: String(repeating: "A", count: 64)) == nil)
        #expect(WebSecret(parsing: "../" + String(repeating: "a", count: 61)) == nil)
        #expect(WebSecret(parsing: String(repeating: "g", count: 64)) == nil)
    }

    @Test func aLoginCodeIsFreshForTwoMinutes() {
        #expect(OneTimeCodes.staleness(madeAt: 1000, now: 1000) == nil)
        #expect(OneTimeCodes.staleness(madeAt: 1000, now: 1000 + Limits.loginCodeSeconds) == nil)
        #expect(
            OneTimeCodes.staleness(madeAt: 1000, now: 1000 + Limits.loginCodeSeconds + 0.01)
                == "is older than 120 seconds")
    }

    /// Issue 51, F18: a code dated ahead of the clock was refused as "older than 120 s".
    @Test func aCodeFromTheFutureIsSaidToBeSo() {
        #expect(OneTimeCodes.staleness(madeAt: 1000, now: 999.5) == nil)
        #expect(OneTimeCodes.staleness(madeAt: 1000, now: 990) == "is dated 10 seconds ahead of this machine's clock")
    }

    @Test func sessionsAreKeptUpToTheLimit() {
        let store = SessionStore(limit: 2)
        let first = store.open(), second = store.open()
        func live(_ session: SessionStore.Session) -> Bool {
            store.signIn(cookie: session.cookie.text, key: session.key.text) == .full
        }
        #expect(live(first) && live(second))
        let third = store.open()
        #expect(!live(first) && live(second) && live(third))
        #expect(store.signIn(cookie: nil, key: nil) == .none && store.signIn(cookie: "x", key: nil) == .none)
        #expect(store.signIn(cookie: WebSecret.random().text, key: third.key.text) == .none)
    }

    /// Issue 51, F2: the cookie reaches every server on the host, so alone it proves nothing private.
    @Test func aCookieWithoutItsOwnKeyIsOnlyACookie() {
        let store = SessionStore()
        let mine = store.open(), other = store.open()
        #expect(store.signIn(cookie: mine.cookie.text, key: nil) == .cookieOnly)
        #expect(store.signIn(cookie: mine.cookie.text, key: other.key.text) == .cookieOnly)
        #expect(store.signIn(cookie: mine.cookie.text, key: "not a key") == .cookieOnly)
        #expect(store.signIn(cookie: mine.cookie.text, key: mine.key.text) == .full)
    }

    @Test func theCookieIsHttpOnlyAndStrict() {
        let cookie = SessionCookie.setCookie(WebSecret.random())
        #expect(cookie.hasPrefix("noiseclock_session="))
        #expect(cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Strict") && cookie.contains("; Path=/"))
    }
}
