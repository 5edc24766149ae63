import Testing

@testable import NoiseDBus

/// Whose session bus is joined and whose calls and signals are acted on (issue 37).
@Suite("Bus trust")
struct BusTrustTests {
    let trust = BusTrust(uid: 1000)

    @Test func aBusRunByUsIsJoined() {
        #expect(trust.refusal(ofBusAt: "/run/user/1000/bus", server: 1000) == nil)
    }

    @Test func anotherUsersBusIsRefusedSayingWhoseItIs() {
        #expect(
            trust.refusal(ofBusAt: "/tmp/shared/bus", server: 65534)
                == "the session bus at /tmp/shared/bus is run by uid 65534, not by us (uid 1000): not joined until one "
                + "of ours is there")
    }

    @Test func rootsBusIsNotOursEither() {
        #expect(trust.refusal(ofBusAt: "/tmp/shared/bus", server: 0) != nil)
    }

    @Test func aBusWhoseServerCannotBeToldIsRefused() {
        #expect(
            trust.refusal(ofBusAt: nil, server: nil)
                == "who runs the session bus cannot be told (no SO_PEERCRED on its socket): not joined")
    }

    @Test func onlyOurOwnUidsSendersAct() {
        #expect(trust.accepts(sender: 1000))
        #expect(!trust.accepts(sender: 65534))
        #expect(!trust.accepts(sender: 0))
        #expect(!trust.accepts(sender: nil))
    }

    @Test func rootAcceptsRootOnly() {
        let root = BusTrust(uid: 0)
        #expect(root.refusal(ofBusAt: "/tmp/b", server: 0) == nil)
        #expect(root.accepts(sender: 0))
        #expect(!root.accepts(sender: 65534))
    }
}
