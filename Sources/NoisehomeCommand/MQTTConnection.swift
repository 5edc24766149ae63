import CMosquitto
import Glibc
import NoiseConfig
import NoiseSystem
import Synchronization

/// noisehome's connection to the broker, through libmosquitto (loaded on first use, `CMosquitto`). libmosquitto's
/// own loop runs on a thread of its own: it blocks in `select` until a packet comes or the keep-alive is due, so an
/// idle bridge wakes once a keep-alive, and it connects again with backoff. What happens comes out on `events`.
/// Publishing and subscribing are safe from any thread (libmosquitto's own locks).
final class MQTTConnection: @unchecked Sendable {
    enum Event: Sendable, Equatable {
        case connected
        /// Not connected, and why (refused: a bad password, an unknown client; unreachable; lost); tried again.
        case down(String)
        case message(topic: String, payload: [UInt8])
    }

    let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private let api: UnsafePointer<NoiseMosquitto>
    private let handle: OpaquePointer
    private let broker: MQTTBroker
    /// The broker's address, for the log.
    var address: String { broker.address }
    /// Whether the broker accepted this connection (its CONNACK): a loop that ends before that could not connect.
    private let accepted = Atomic(false)

    /// A connection not yet started, with its last will: `offline`, retained, on `availability`.
    init(
        settings: MQTTSettings, broker: MQTTBroker, clientID: String, password: String?, availability: String
    )
        throws(MQTTFailure)
    {
        guard let api = noise_mosquitto() else {
            throw MQTTFailure("libmosquitto cannot be loaded (\(text(noise_mosquitto_error()))); install libmosquitto1")
        }
        guard let handle = api.pointee.mosquitto_new(clientID, true, nil) else {
            throw MQTTFailure("libmosquitto could not make a client (errno \(errno))")
        }
        self.api = api
        self.handle = handle
        self.broker = broker
        (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1000))
        if let username = settings.username {
            try check(api.pointee.mosquitto_username_pw_set(handle, username, password), "the user name")
        }
        let offline = Array("offline".utf8)
        try check(
            api.pointee.mosquitto_will_set(handle, availability, Int32(offline.count), offline, 1, true), "the will")
        if broker.tls {
            // The broker's certificate is checked against the CA file or the system's, its name against the host.
            let capath = settings.caFile == nil ? "/etc/ssl/certs" : nil
            try check(api.pointee.mosquitto_tls_set(handle, settings.caFile, capath, nil, nil, nil), "TLS")
        }
        try check(api.pointee.mosquitto_reconnect_delay_set(handle, 1, 60, true), "the reconnect delay")
    }

    deinit {
        api.pointee.mosquitto_destroy(handle)
        continuation.finish()
    }

    /// Starts the loop's thread, for as long as noisehome runs; at its end the broker publishes the last will.
    func start() {
        api.pointee.mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        api.pointee.mosquitto_connect_callback_set(handle) { _, me, code in
            let connection = Unmanaged<MQTTConnection>.fromOpaque(me!).takeUnretainedValue()
            connection.accepted.store(code == 0, ordering: .relaxed)
            connection.continuation.yield(
                code == 0
                    ? .connected : .down("refused: \(text(connection.api.pointee.mosquitto_connack_string(code)))"))
        }
        api.pointee.mosquitto_disconnect_callback_set(handle) { _, me, code in
            let connection = Unmanaged<MQTTConnection>.fromOpaque(me!).takeUnretainedValue()
            guard code != 0, connection.accepted.exchange(false, ordering: .relaxed) else { return }
            connection.continuation.yield(.down("lost: \(connection.reason(code))"))
        }
        api.pointee.mosquitto_message_callback_set(handle) { _, me, message in
            guard let me, let message, let topic = message.pointee.topic else { return }
            let connection = Unmanaged<MQTTConnection>.fromOpaque(me).takeUnretainedValue()
            let length = Int(message.pointee.payloadlen)
            let payload =
                length > 0 && message.pointee.payload != nil
                ? Array(UnsafeRawBufferPointer(start: message.pointee.payload, count: length)) : []
            connection.continuation.yield(.message(topic: String(cString: topic), payload: payload))
        }
        OSThread.start(name: "mqtt") { [self] in loop() }
    }

    /// Publishes `payload` on `topic` (QoS 1); false when it could not be queued (not connected).
    @discardableResult
    func publish(_ topic: String, _ payload: [UInt8], retain: Bool) -> Bool {
        api.pointee.mosquitto_publish(handle, nil, topic, Int32(payload.count), payload, 1, retain)
            == MOSQ_ERR_SUCCESS.rawValue
    }

    func subscribe(_ pattern: String) {
        _ = api.pointee.mosquitto_subscribe(handle, nil, pattern, 1)
    }

    /// Connects, runs libmosquitto's loop (which reconnects by itself once it has been connected), and after a
    /// connection that failed outright waits 1 s doubling to 60 s before the next.
    private func loop() {
        var delay: Int32 = 1
        let keepAlive = Int32(MQTTSettings.keepAliveSeconds)
        while true {
            accepted.store(false, ordering: .relaxed)
            var code = api.pointee.mosquitto_connect(handle, broker.host, Int32(broker.port), keepAlive)
            if code == MOSQ_ERR_SUCCESS.rawValue {
                code = api.pointee.mosquitto_loop_forever(handle, keepAlive * 1000, 1)
            }
            // A TLS handshake or a refusal can end the loop before the broker accepted: that is not a loss.
            if accepted.exchange(false, ordering: .relaxed) {
                delay = 1
                continuation.yield(.down("lost: \(reason(code))"))
            } else {
                continuation.yield(.down("cannot connect to \(broker.address): \(reason(code))"))
            }
            _ = poll(nil, 0, delay * 1000)
            delay = min(delay * 2, 60)
        }
    }

    /// libmosquitto's words for an error, with the system's for `MOSQ_ERR_ERRNO`.
    private func reason(_ code: Int32) -> String {
        code == MOSQ_ERR_ERRNO.rawValue
            ? text(strerror(errno)) : text(api.pointee.mosquitto_strerror(code))
    }

    private func check(_ code: Int32, _ what: String) throws(MQTTFailure) {
        guard code == MOSQ_ERR_SUCCESS.rawValue else {
            throw MQTTFailure("\(what): \(text(api.pointee.mosquitto_strerror(code)))")
        }
    }
}

struct MQTTFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A C string from libmosquitto or libc, which may be NULL.
private func text(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? "unknown error"
}
