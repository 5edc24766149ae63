import Logging
import NoiseClientAsync
import NoiseConfig
import NoiseCore
import NoiseEventLoops
import NoiseHome
import NoiseProtocol

/// The MQTT side of noisehome (docs/home.md): announces NoiseClock to Home Assistant, keeps the retained state
/// topics as the daemon's events change them, and sends the broker's commands, the ones the schema opens to a broker,
/// to noised. The broker's connection and noised's come and go on their own; `online` means both are up.
actor HomeBridge {
    private let connection: MQTTConnection
    private let topics: HomeTopics
    private let status: HomeStatusFile
    private let logger: Logger
    private var state: HomeState?
    private var client: DaemonClient?
    private var brokerUp = false
    /// Whether the broker's being down has been logged since it was last up: a broker that stays away (or refuses
    /// the password) is a warning once, then a debug line at each attempt.
    private var saidDown = false

    init(connection: MQTTConnection, topics: HomeTopics, status: HomeStatusFile, logger: Logger) {
        self.connection = connection
        self.topics = topics
        self.status = status
        self.logger = logger
    }

    /// Takes the broker's events until the connection stops. A broker that takes the connection and never answers
    /// it leaves libmosquitto waiting for its keep-alive to run out: that is said once, `MQTTSettings.answerSeconds`
    /// after the start.
    func run() async {
        let silence = Task {
            try await EventLoopClock().sleep(for: .seconds(MQTTSettings.answerSeconds))
            await noAnswer()
        }
        defer { silence.cancel() }
        for await event in connection.events {
            switch event {
            case .connected:
                brokerUp = true
                saidDown = false
                logger.info("connected to the MQTT broker")
                await status.mqtt(connected: true)
                connection.subscribe(topics.commands)
                connection.subscribe(topics.homeAssistantStatus)
                announce()
            case .down(let reason):
                brokerUp = false
                logger.log(level: saidDown ? .debug : .warning, "MQTT broker: \(reason); trying again")
                saidDown = true
                await status.mqtt(connected: false, problem: reason)
            case .message(let topic, let payload):
                await received(topic: topic, payload: payload)
            }
        }
    }

    private func noAnswer() async {
        guard !brokerUp, !saidDown else { return }
        let reason = "no answer from \(connection.address) in \(Int(MQTTSettings.answerSeconds)) s"
        logger.warning("MQTT broker: \(reason); still waiting")
        saidDown = true
        await status.mqtt(connected: false, problem: reason)
    }

    /// noised answered `subscribe`: its state is published, and commands go to it.
    func daemonConnected(_ client: DaemonClient, status: StatusInfo) async {
        let mixes = (try? await client.call(Commands.MixList()))?.mixes.map(\.name) ?? []
        self.client = client
        state = HomeState(status: status, mixes: mixes)
        announce()
    }

    /// noised is gone: Home Assistant shows the clock unavailable until it is back.
    func daemonLost() {
        client = nil
        state = nil
        publishAvailability()
    }

    func event(_ event: DaemonEvent) {
        guard var state else { return }
        let (changed, mixesChanged) = state.apply(event)
        self.state = state
        for topic in changed { publishState(topic, of: state) }
        if mixesChanged { publishDiscovery(of: state) }
    }

    /// Everything again: discovery, the state topics, then `online` (Home Assistant reads the state it is offered
    /// once the entity exists).
    private func announce() {
        guard brokerUp else { return }
        if let state {
            publishDiscovery(of: state)
            for topic in HomeState.Topic.allCases { publishState(topic, of: state) }
        }
        publishAvailability()
    }

    private func publishAvailability() {
        connection.publish(topics.availability, Array((state == nil ? "offline" : "online").utf8), retain: true)
    }

    private func publishDiscovery(of state: HomeState) {
        for announcement in HomeDiscovery.announcements(topics, mixes: state.mixes) {
            let payload = announcement.config.flatMap { try? JSONCoding.line($0) } ?? []
            connection.publish(announcement.topic, payload, retain: true)
        }
    }

    private func publishState(_ topic: HomeState.Topic, of state: HomeState) {
        guard let payload = try? state.payload(topic) else { return }
        connection.publish(topics.state(topic), payload, retain: true)
    }

    private func received(topic: String, payload: [UInt8]) async {
        if topic == topics.homeAssistantStatus {
            if payload == Array("online".utf8) { announce() }
            return
        }
        guard let name = topics.commandName(of: topic) else { return }
        switch BrokerCommand.read(name: name, payload: payload) {
        case .failure(let refusal):
            logger.warning("MQTT command \(name.prefix(40)) refused: \(refusal.message)")
            publishResult(BrokerResult(cmd: String(name.prefix(40)), ok: false, error: refusal))
        case .success(let command):
            guard let client else {
                let refusal = BrokerRefusal(code: "unreachable", message: "noised is not running")
                return publishResult(BrokerResult(cmd: name, ok: false, error: refusal))
            }
            do {
                _ = try await client.relay(command.name, arguments: .object(command.arguments))
                logger.info("MQTT command \(name) done")
                publishResult(BrokerResult(cmd: name, ok: true, error: nil))
            } catch {
                let refusal = BrokerRefusal(code: error.code?.rawValue ?? "failed", message: error.message)
                logger.warning("MQTT command \(name) refused by noised: \(error.message)")
                publishResult(BrokerResult(cmd: name, ok: false, error: refusal))
            }
        }
    }

    private func publishResult(_ result: BrokerResult) {
        guard let line = try? JSONCoding.line(result) else { return }
        connection.publish(topics.result, line, retain: false)
    }

    /// A broker command's outcome on `PREFIX/result`: the protocol's reply envelope with the command's name.
    struct BrokerResult: Encodable {
        var cmd: String
        var ok: Bool
        var error: BrokerRefusal?
    }
}
