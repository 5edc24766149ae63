import Testing

@testable import NoiseDBus

/// The desktop's own inhibitor (issue 39): which one is asked, with what, and when it is given back.
@Suite("Desktop inhibition")
struct DesktopInhibitionTests {
    typealias Held = DesktopInhibition.Held

    private func joined() -> DesktopInhibition {
        var inhibition = DesktopInhibition()
        #expect(inhibition.joined() == [])
        return inhibition
    }

    @Test func theCallsAskForSuspendOnlyWithTheReason() {
        #expect(
            DesktopInhibitor.portal.take(why: "Playing Heavy rain")
                == BusCall(
                    "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                    "org.freedesktop.portal.Inhibit", "Inhibit",
                    [.string(""), .uint32(4), .dictionary([("reason", .string("Playing Heavy rain"))])]))
        #expect(
            DesktopInhibitor.gnomeSession.take(why: "Playing Fan").arguments
                == [.string("noiseclock"), .uint32(0), .string("Playing Fan"), .uint32(4)])
        #expect(
            DesktopInhibitor.powerManagement.take(why: "Playing Fan")
                == BusCall(
                    "org.freedesktop.PowerManagement", "/org/freedesktop/PowerManagement/Inhibit",
                    "org.freedesktop.PowerManagement.Inhibit", "Inhibit",
                    [.string("NoiseClock"), .string("Playing Fan")]))
    }

    @Test func eachIsReleasedItsOwnWay() {
        #expect(
            DesktopInhibitor.portal.release(.request("/org/freedesktop/portal/desktop/request/1_5/t"))
                == BusCall(
                    "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop/request/1_5/t",
                    "org.freedesktop.portal.Request", "Close", []))
        #expect(DesktopInhibitor.gnomeSession.release(.cookie(7)).member == "Uninhibit")
        #expect(
            DesktopInhibitor.powerManagement.release(.cookie(7))
                == BusCall(
                    "org.freedesktop.PowerManagement", "/org/freedesktop/PowerManagement/Inhibit",
                    "org.freedesktop.PowerManagement.Inhibit", "UnInhibit", [.uint32(7)]))
    }

    @Test func thePortalIsAskedFirstAndReleasedWhenNothingPlays() {
        var inhibition = joined()
        #expect(inhibition.want("Playing Fan") == [.take(.portal, why: "Playing Fan")])
        #expect(inhibition.took(.request("/r/1")) == [])
        let held = Held(inhibitor: .portal, token: .request("/r/1"), why: "Playing Fan")
        #expect(inhibition.held == held)
        #expect(inhibition.want("Playing Fan") == [])
        #expect(inhibition.want(nil) == [.release(held)])
        #expect(inhibition.held == nil)
    }

    @Test func aRefusalPassesToTheNextAndAllRefusingIsSaid() {
        var inhibition = joined()
        #expect(inhibition.want("Playing Fan") == [.take(.portal, why: "Playing Fan")])
        #expect(inhibition.refused("ServiceUnknown") == [.take(.gnomeSession, why: "Playing Fan")])
        #expect(inhibition.refused("ServiceUnknown") == [.take(.powerManagement, why: "Playing Fan")])
        #expect(inhibition.refused("AccessDenied") == [])
        #expect(
            inhibition.problem == "no desktop inhibitor could be taken: org.freedesktop.portal.Inhibit: "
                + "ServiceUnknown; org.gnome.SessionManager: ServiceUnknown; org.freedesktop.PowerManagement.Inhibit: "
                + "AccessDenied")
        // Not asked again for the same reason; a new one asks them all again.
        #expect(inhibition.want("Playing Fan") == [])
        #expect(inhibition.want("Playing Rain") == [.take(.portal, why: "Playing Rain")])
        #expect(inhibition.took(.request("/r/2")) == [])
        #expect(inhibition.problem == nil)
    }

    @Test func aNewReasonIsTakenBeforeTheOldIsGivenBack() {
        var inhibition = joined()
        _ = inhibition.want("Playing Fan")
        _ = inhibition.refused("ServiceUnknown")
        _ = inhibition.took(.cookie(1))
        let old = Held(inhibitor: .gnomeSession, token: .cookie(1), why: "Playing Fan")
        #expect(inhibition.want("Playing Fan, Rain") == [.take(.portal, why: "Playing Fan, Rain")])
        #expect(inhibition.held == old)
        #expect(inhibition.refused("ServiceUnknown") == [.take(.gnomeSession, why: "Playing Fan, Rain")])
        #expect(inhibition.took(.cookie(2)) == [.release(old)])
        #expect(inhibition.held?.why == "Playing Fan, Rain")
    }

    @Test func oneAnsweredAfterItStoppedBeingWantedIsGivenBackAtOnce() {
        var inhibition = joined()
        _ = inhibition.want("Playing Fan")
        #expect(inhibition.want(nil) == [])
        #expect(
            inhibition.took(.request("/r/1")) == [
                .release(
                    Held(
                        inhibitor: .portal, token: .request("/r/1"),
                        why: "Playing Fan"))
            ])
        #expect(inhibition.held == nil)
    }

    @Test func nothingIsAskedWithoutTheSessionBusAndALostBusHoldsNothing() {
        var inhibition = DesktopInhibition()
        #expect(inhibition.want("Playing Fan") == [])
        #expect(inhibition.joined() == [.take(.portal, why: "Playing Fan")])
        _ = inhibition.took(.request("/r/1"))
        inhibition.lost()
        #expect(inhibition.held == nil)
        #expect(inhibition.want(nil) == [])
        #expect(inhibition.took(.request("/r/2")) == [], "a late answer from the lost bus is not taken for ours")
    }

    @Test func aHolderLeavingTheBusIsReplaced() {
        var inhibition = joined()
        _ = inhibition.want("Playing Fan")
        _ = inhibition.refused("ServiceUnknown")
        _ = inhibition.took(.cookie(1))
        #expect(inhibition.ownerChanged("org.freedesktop.PowerManagement", hadOwner: true) == [])
        // Asked from the top again, the portal's refusal kept: gnome-session may be back by then.
        #expect(
            inhibition.ownerChanged("org.gnome.SessionManager", hadOwner: true)
                == [.take(.gnomeSession, why: "Playing Fan")])
        #expect(inhibition.held == nil)
    }
}
