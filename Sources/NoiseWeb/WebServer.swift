import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NoiseClient
import NoiseConfig
import NoiseCore
import NoiseSystem
import NoiseWebCore
import NoiseWebTLS
import ServiceLifecycle

/// noiseweb's HTTP server on Hummingbird: the loopback listener (plain HTTP, `/login` with `noisectl web`'s codes,
/// sessions in memory) and, in the LAN mode, the LAN listener (HTTPS with noiseweb's own certificate, `/pair` with
/// `noisectl web pair`'s codes, paired devices), each with its own gate before the same routes (`WebRoutes`). The
/// WebSocket upgrade goes through a router of its own with the same gate: an upgrade the gate refuses is not
/// upgraded, and the plain router then answers it with the refusal.
public struct WebServer: Sendable {
    public struct Configuration: Sendable {
        public var listen: ListenAddress
        public var socketPath: String
        public var webRoot: StaticFiles
        public var state: WebStateFolder
        /// config.toml, for the face's `[clock]` settings.
        public var config: ConfigStore
        /// The listening socket systemd passed (`noiseweb.socket`), bound to `listen`; nil to bind `listen`.
        public var adoptedSocket: Int32?
        /// The paired devices: the LAN's phones and this machine's kiosks (`devices.json`).
        public var devices: DeviceRegistry
        /// The LAN mode, when `[web] lan` is set and its certificate is ready.
        public var lan: LAN?

        public init(
            listen: ListenAddress, socketPath: String, webRoot: StaticFiles, state: WebStateFolder, config: ConfigStore,
            devices: DeviceRegistry, adoptedSocket: Int32? = nil, lan: LAN? = nil
        ) {
            self.config = config
            self.devices = devices
            self.adoptedSocket = adoptedSocket
            self.listen = listen
            self.socketPath = socketPath
            self.webRoot = webRoot
            self.state = state
            self.lan = lan
        }
    }

    /// The LAN listener's parts (docs/web.md, "The phone on the LAN").
    public struct LAN: Sendable {
        public var address: ListenAddress
        public var names: LANNames
        public var certificates: LANCertificates.Ready

        public init(address: ListenAddress, names: LANNames, certificates: LANCertificates.Ready) {
            self.address = address
            self.names = names
            self.certificates = certificates
        }
    }

    let configuration: Configuration
    let logger: Logger

    public init(configuration: Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Serves until SIGTERM or SIGINT; `onListening` is told each listener's URL once its socket listens.
    public func run(onListening: @escaping @Sendable (String) -> Void) async throws {
        let link = DaemonLink(socketPath: configuration.socketPath, logger: logger)
        let routes = WebRoutes(
            relay: CommandRelay(socketPath: configuration.socketPath), config: configuration.config,
            files: configuration.webRoot)
        let authority = configuration.lan?.certificates.authority

        let sessions = SessionStore()
        let devices = configuration.devices
        let logins = OneTimeCodes(folder: configuration.state, kind: .login)
        let personOrKiosk: @Sendable (String?, String?) -> SignIn = { cookie, key in
            let session = sessions.signIn(cookie: cookie, key: key)
            return session != .none ? session : devices.signIn(cookie: cookie, key: key, kiosk: true)
        }
        let loopback = channel(
            gate: WebGate(hosts: AcceptedHosts(listen: configuration.listen)), signIn: personOrKiosk,
            cookieName: SessionCookie.name, routes: routes, link: link, authority: authority
        ) { router in
            router.get(RouterPath(WebRoute.loginPath)) { request, _ -> Response in
                let query = request.uri.queryParameters
                // A kiosk's launcher page (`noisectl web --kiosk`) signs in again with the kiosk's own key, as often
                // as its browser starts afresh; a person's browser, with a one-time code.
                if let key = query.get("kiosk") {
                    guard let kiosk = devices.kiosk(key: key), let secret = WebSecret(parsing: key) else {
                        return WebResponses.refusal(
                            WebRefusal(
                                status: 403, code: "bad_kiosk_key",
                                message:
                                    "This kiosk is not paired, or was revoked. Run 'noisectl web --kiosk' for a new launcher."
                            ),
                            path: request.uri.path)
                    }
                    return WebResponses.signedIn(cookie: SessionCookie.setKioskCookie(kiosk.token), key: secret)
                }
                let redeemed = logins.redeem(query.get("code"), now: WallTime.seconds()) { _ in
                    .success(sessions.open())
                }
                switch redeemed {
                case .failure(let refusal): return WebResponses.refusal(refusal, path: request.uri.path)
                case .success(let session):
                    return WebResponses.signedIn(cookie: SessionCookie.setCookie(session.cookie), key: session.key)
                }
            }
        }
        let listen = configuration.listen
        let connections = Self.connectionLimits(listeners: configuration.lan == nil ? 1 : 2, logger: logger)
        var listeners: [any Service] = [
            WebListener(
                socket: configuration.adoptedSocket.map { .adopted($0) } ?? .bind(host: listen.host, port: listen.port),
                connections: connections(), tls: nil,
                connection: loopback, logger: logger, onListening: { onListening(listen.localURLBase) })
        ]

        if let lan = configuration.lan {
            let pairings = OneTimeCodes(folder: configuration.state, kind: .pairing)
            let pairedDevice: @Sendable (String?, String?) -> SignIn = {
                devices.signIn(cookie: $0, key: $1, kiosk: false)
            }
            let paired = channel(
                gate: WebGate(hosts: AcceptedHosts(lan: lan.names), lan: true), signIn: pairedDevice,
                cookieName: SessionCookie.deviceName, routes: routes.from(.paired), link: link, authority: authority
            ) { router in
                router.get(RouterPath(WebRoute.pairPath)) { request, _ -> Response in
                    let now = WallTime.seconds()
                    let (code, agent) = (request.uri.queryParameters.get("code"), request.headers[.userAgent])
                    // Off the event loop: saving the device waits for the folder's lock, which `noisectl web revoke`
                    // may hold. The code is spent only if the device is saved.
                    let secrets = await BlockingWork.run(name: "noiseweb-pair") {
                        pairings.redeem(code, now: now) { devices.pair(name: $0, userAgent: agent, now: now) }
                    }
                    switch secrets {
                    case .failure(let refusal): return WebResponses.refusal(refusal, path: request.uri.path)
                    case .success(let secrets):
                        return WebResponses.signedIn(
                            cookie: SessionCookie.setDeviceCookie(secrets.token), key: secrets.key)
                    }
                }
            }
            let url = lan.names.urlBase ?? "https://\(lan.address)"
            listeners.append(
                WebListener(
                    socket: .bind(host: lan.address.host, port: lan.address.port), connections: connections(),
                    tls: lan.certificates.context,
                    connection: paired, logger: logger, onListening: { onListening(url) }, required: false))
        }
        var service = ServiceGroupConfiguration(
            services: listeners, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        // A page left open holds its WebSocket; stopping must not wait on it for long.
        service.maximumGracefulShutdownDuration = .seconds(2)
        service.maximumCancellationDuration = .seconds(1)
        try await ServiceGroup(configuration: service).run()
    }

    /// Each listener's connection limits, fitted to the files the process may open once its soft limit is raised
    /// (`OpenFileLimit`): accepting must never fail for want of one.
    private static func connectionLimits(listeners: Int, logger: Logger) -> @Sendable () -> WebConnections {
        let files = OpenFileLimit.raise(upTo: WebLimits.webFileLimit)
        let fitted = WebConnections.fitting(fileLimit: files, listeners: listeners)
        if fitted.maxTotal < WebLimits.maxWebConnections {
            logger.warning(
                "only \(files) files may be open (RLIMIT_NOFILE): at most \(fitted.maxTotal) connections a listener")
        }
        return { WebConnections(maxTotal: fitted.maxTotal, maxPerAddress: fitted.maxPerAddress) }
    }

    /// One listener's HTTP/1.1-and-WebSocket channel: its gate, what its cookie and key prove (`signIn`), its way in
    /// (`wayIn` adds `/login` or `/pair`), the
    /// shared routes, `/ca.crt` when there is a LAN mode, and the WebSocket.
    private func channel(
        gate: WebGate, signIn: @escaping @Sendable (_ cookie: String?, _ key: String?) -> SignIn, cookieName: String,
        routes: WebRoutes, link: DaemonLink, authority: [UInt8]?,
        wayIn: (Router<BasicWebSocketRequestContext>) -> Void
    ) -> HTTP1WebSocketUpgradeChannel {
        let signedIn: @Sendable (Request) -> SignIn = { request in
            signIn(request.cookies[cookieName]?.value, GateMiddleware<BasicWebSocketRequestContext>.key(of: request))
        }
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: GateMiddleware(gate: gate, signedIn: signedIn))
        wayIn(router)
        if let authority {
            router.get(RouterPath(WebRoute.certificatePath)) { _, _ -> Response in
                WebResponses.download(authority, contentType: "application/x-x509-ca-cert", name: "noiseclock-ca.crt")
            }
        }
        routes.add(to: router)

        let webSockets = Router(context: BasicWebSocketRequestContext.self)
        webSockets.add(middleware: GateMiddleware(gate: gate, signedIn: signedIn))
        webSockets.ws(RouterPath(WebRoute.eventsPath)) { inbound, outbound, context in
            let (page, messages) = await link.join()
            let request = context.request
            await withTaskGroup(of: Void.self) { group in
                // The page sends nothing the server reads; this loop only notices it closing.
                group.addTask { do { for try await _ in inbound {} } catch {} }
                group.addTask {
                    for await text in messages {
                        // A device revoked (or a session gone) while its page is open gets nothing more: the socket
                        // closes at the next event, and the page, asking why, is told in words.
                        guard signedIn(request) == .full else { return }
                        do { try await outbound.write(.text(text)) } catch { return }
                    }
                }
                await group.next()
                group.cancelAll()
            }
            await link.leave(page)
        }

        let responder = router.buildResponder()
        let logger = logger
        return HTTP1WebSocketUpgradeChannel(
            responder: { request, writer, channel in
                let context = BasicWebSocketRequestContext(source: .init(channel: channel, logger: logger))
                var response: Response
                do {
                    response = try await responder.respond(to: request, context: context)
                } catch {
                    logger.debug("a route failed: \(error)")
                    response = Response(status: .internalServerError)
                }
                response.headers[.date] = HTTPDate.now()
                try await writer.write(response: response.head, body: response.body)
            },
            webSocketResponder: webSockets.buildResponder(),
            // No automatic ping: its wait is a `Task.sleep`, which Swift 6.3 hands to libdispatch whatever executor
            // runs the tasks, and libdispatch's pool then wakes noiseweb every second for good. A page notices a
            // dead connection itself (its socket closes) and reconnects.
            configuration: .init(ws: .init(autoPing: .disabled)))
    }
}
