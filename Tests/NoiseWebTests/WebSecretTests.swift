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
        #expect(OneTimeCodes.isFresh(madeAt: 1000, now: 1000))
        #expect(OneTimeCodes.isFresh(madeAt: 1000, now: 1000 + Limits.loginCodeSeconds))
        #expect(!OneTimeCodes.isFresh(madeAt: 1000, now: 1000 + Limits.loginCodeSeconds + 0.01))
        #expect(!OneTimeCodes.isFresh(madeAt: 1000, now: 990))
    }

    @Test func sessionsAreKeptUpToTheLimit() {
        let store = SessionStore(limit: 2)
        let first = store.open(), second = store.open()
        #expect(store.isLive(first.text) && store.isLive(second.text))
        let third = store.open()
        #expect(!store.isLive(first.text) && store.isLive(second.text) && store.isLive(third.text))
        #expect(!store.isLive(nil) && !store.isLive("x") && !store.isLive(WebSecret.random().text))
    }

    @Test func theCookieIsHttpOnlyAndStrict() {
        let cookie = SessionCookie.setCookie(WebSecret.random())
        #expect(cookie.hasPrefix("noiseclock_session="))
        #expect(cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Strict") && cookie.contains("; Path=/"))
    }
}
