import Glibc

/// The system bus: logind's inhibitors and its PrepareForSleep signal.
extension BusLoop {
    static let logind = (
        name: "org.freedesktop.login1", path: "/org/freedesktop/login1",
        interface: "org.freedesktop.login1.Manager"
    )

    func setUpSystem(_ connection: BusConnection) {
        do {
            try connection.matchSignal(
                sender: Self.logind.name, path: Self.logind.path, interface: Self.logind.interface,
                member: "PrepareForSleep"
            ) { [unowned self] message in
                guard let start = try? message.readBool() else { return }
                // Back from sleep: the delay inhibitor is taken again for the next time.
                if !start { takeDelay() }
                onEvent(.prepareForSleep(start))
            }
            status.resumeWatch = true
            // logind (re)started: inhibitors held from an earlier one are gone with it; take them from this one.
            try connection.matchSignal(
                sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", member: "NameOwnerChanged",
                arg0: Self.logind.name
            ) { [unowned self] message in
                guard (try? message.readString()) == Self.logind.name, (try? message.readString()) != nil,
                    let owner = try? message.readString(), !owner.isEmpty
                else { return }
                logindAppeared()
            }
        } catch {
            status.systemBusProblem = "alarms are not looked at again on resume: \(error)"
        }
        takeDelay()
        reconcileBlock()
    }

    private func logindAppeared() {
        if let block { close(block.descriptor) }
        if let delay { close(delay) }
        block = nil
        delay = nil
        status.systemBusProblem = nil
        status.sleepInhibitorHeld = false
        status.sleepInhibitorWhy = nil
        takeDelay()
        reconcileBlock()
    }

    /// Holds (or with nil releases) the inhibitors that keep the machine awake while sounds play: logind's and the
    /// desktop's own (`BusLoop+DesktopInhibit.swift`), wanted and released together.
    func blockSleep(why: String?) {
        wantedBlock = why
        reconcileBlock()
        perform(inhibition.want(why))
    }

    func readyForSleep() {
        if let delay { close(delay) }
        delay = nil
    }

    /// Brings the held inhibitor in line with the wanted one; a new reason is taken before the old one is
    /// released, so the machine is never free to sleep in between.
    private func reconcileBlock() {
        guard let connection = connections[.system], !blockInFlight else { return }
        guard let why = wantedBlock else {
            if let block { close(block.descriptor) }
            block = nil
            status.sleepInhibitorHeld = false
            status.sleepInhibitorWhy = nil
            return
        }
        guard block?.why != why else { return }
        blockInFlight = true
        inhibit(connection, what: "sleep:idle", why: why, mode: "block") { [unowned self] descriptor in
            blockInFlight = false
            if let descriptor {
                if let old = block { close(old.descriptor) }
                block = (descriptor, why)
                status.sleepInhibitorHeld = true
                status.sleepInhibitorWhy = why
            }
            // What is wanted may have changed while logind answered; a refusal is not asked again until it does.
            if descriptor != nil || wantedBlock != why { reconcileBlock() }
        }
    }

    private func takeDelay() {
        guard delay == nil, let connection = connections[.system] else { return }
        inhibit(
            connection, what: "sleep", why: "Fading a ringing alarm and saving state before sleep",
            mode: "delay"
        ) { [unowned self] descriptor in
            guard let descriptor else { return }
            if delay != nil { close(descriptor) } else { delay = descriptor }
        }
    }

    private func inhibit(
        _ connection: BusConnection, what: String, why: String, mode: String,
        then done: @escaping (Int32?) -> Void
    ) {
        do {
            try connection.call(
                Self.logind.name, Self.logind.path, Self.logind.interface, "Inhibit",
                [.string(what), .string("NoiseClock"), .string(why), .string(mode)]
            ) { [unowned self] result in
                switch result {
                case .success(let reply):
                    do {
                        done(try reply.readDuplicatedDescriptor())
                    } catch {
                        status.systemBusProblem = "logind's inhibitor could not be kept: \(error)"
                        done(nil)
                    }
                case .failure(let error):
                    status.systemBusProblem = "logind refused an inhibitor (\(mode)): \(error)"
                    done(nil)
                }
            }
        } catch {
            status.systemBusProblem = "logind's inhibitor could not be asked for: \(error)"
            done(nil)
        }
    }
}
