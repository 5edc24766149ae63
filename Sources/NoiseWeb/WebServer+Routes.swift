import ClockFace
import Hummingbird
import HummingbirdWebSocket
import NoiseClient
import NoiseCore
import NoiseProtocol
import NoiseSystem
import NoiseWebCore

/// The routes every listener serves behind its gate: the API (`/api/...`), the WebSocket's plain-HTTP answer and
/// the web root's files. Both listeners share the one relay to noised and the one set of answers.
struct WebRoutes: Sendable {
    let relay: CommandRelay
    /// Who this listener's signed-in requests come from: a page on this machine, or a paired device on the LAN.
    var principal = Principal.page
    let config: ConfigStore
    let files: StaticFiles

    func add(to router: Router<BasicWebSocketRequestContext>) {
        // A command or a settings change: a JSON body of at most `maxWebCommandBytes`, answered by `answer`.
        func post(_ path: String, _ answer: @escaping @Sendable ([UInt8]) async -> WebReply) {
            router.post(RouterPath(path)) { request, _ -> Response in
                var request = request
                guard let body = try? await request.collectBody(upTo: WebLimits.maxWebCommandBytes) else {
                    return WebResponses.refusal(
                        WebRefusal(
                            status: 413, code: "too_large",
                            message: "A request is at most \(WebLimits.maxWebCommandBytes) bytes."),
                        path: request.uri.path)
                }
                return await answer(Array(buffer: body)).response
            }
        }
        let (relay, principal) = (relay, principal)
        post(WebRoute.commandPath) { await relay.relay($0, from: principal) }
        for (path, settings) in [
            (WebRoute.clockSettingsPath, SettingsTableAPI.clock(store: config)),
            (WebRoute.locationPath, SettingsTableAPI.location(store: config)),
        ] {
            router.get(RouterPath(path)) { _, _ -> Response in await settings.read().response }
            post(path) { await settings.save($0) }
        }
        let mars = MarsAPI(store: config)
        router.get(RouterPath(WebRoute.marsPath)) { request, _ -> Response in
            let query = request.uri.queryParameters
            return await mars.readings(
                places: query.getAll("place"), at: query.get("at"), steps: query.get("steps"),
                now: WallTime.seconds()
            ).response
        }
        router.get(RouterPath(WebRoute.marsSitesPath)) { _, _ -> Response in MarsAPI.sites().response }
        let iss = IssAPI(
            store: config, elements: ElementCache(environment: ProcessEnvironment.current),
            zones: SystemTimeZoneSource(environment: ProcessEnvironment.current))
        // Each reads the elements and config.toml: off the event loops, as `/api/clock`'s reading is.
        func issRoute(_ path: String, _ answer: @escaping @Sendable (IssAPI.Query, Request) -> WebReply) {
            router.get(RouterPath(path)) { request, _ -> Response in
                let parameters = request.uri.queryParameters
                switch IssAPI.Query.read(
                    at: parameters.get("at"), satellite: parameters.get("satellite"),
                    steps: path == WebRoute.issPath ? parameters.get("steps") : nil, now: WallTime.seconds())
                {
                case .success(let query):
                    return await BlockingWork.run(name: "noiseweb-iss") { answer(query, request) }.response
                case .failure(let refusal):
                    return WebReply.failure(refusal).response
                }
            }
        }
        issRoute(WebRoute.issPath) { query, _ in
            query.steps == nil ? iss.situation(query).reply : iss.situations(query).reply
        }
        issRoute(WebRoute.issTrackPath) { query, _ in iss.track(query).reply }
        issRoute(WebRoute.issPassesPath) { query, request in
            iss.passes(query, days: request.uri.queryParameters.get("days")).reply
        }
        let zones = SystemTimeZoneSource(environment: ProcessEnvironment.current)
        let world = WorldAPI(store: config, zones: zones)
        // The world page's Add and Remove save the whole list; GET /api/world answers the clocks, not the table.
        let worldSettings = SettingsTableAPI.world(store: config, zones: zones)
        post(WebRoute.worldPath) { await worldSettings.save($0) }
        router.get(RouterPath(WebRoute.worldPath)) { request, _ -> Response in
            switch InstantQuery.unix(request.uri.queryParameters.get("at"), now: WallTime.seconds()) {
            case .success(let unix):
                let second = Int64(unix.rounded(.down))
                return await BlockingWork.run(name: "noiseweb-world") { WebReply.success(world.answer(at: second)) }
                    .response
            case .failure(let refusal):
                return WebReply.failure(refusal).response
            }
        }
        let night = NightAPI(store: config, zones: zones)
        router.get(RouterPath(WebRoute.nightPath)) { _, _ -> Response in
            await BlockingWork.run(name: "noiseweb-night") { night.reply(now: Int64(WallTime.seconds())) }.response
        }
        router.get(RouterPath(WebRoute.lifePosterPath)) { request, _ -> Response in
            let paper: LifePoster.Paper
            switch LifePosterAPI.paper(request.uri.queryParameters.get("paper")) {
            case .success(let chosen): paper = chosen
            case .failure(let refusal): return WebReply.failure(refusal).response
            }
            let poster = await relay.call(Commands.LifeShow()).flatMap { info in
                LifePosterAPI.poster(info, paper: paper).mapError { WebReply.failure($0) }
            }
            switch poster {
            case .success(let svg):
                return WebResponses.download(
                    Array(svg.utf8), contentType: "image/svg+xml", name: "life-poster-\(paper.rawValue).svg")
            case .failure(let reply): return reply.response
            }
        }
        router.get(RouterPath(WebRoute.eventsPath)) { request, _ -> Response in
            WebResponses.refusal(
                WebRefusal(status: 400, code: "upgrade_required", message: "/ws is a WebSocket."),
                path: request.uri.path)
        }
        let files = files
        let serveFile: @Sendable (Request, BasicWebSocketRequestContext) async throws -> Response = { request, _ in
            // Linked in every page's head, so the page's first paint waits for it and is dark already at night. Here
            // rather than a route of its own: the router does not fall back from /css/… to the files' "**".
            if request.uri.path == WebRoute.nightStyleSheetPath {
                let css = await BlockingWork.run(name: "noiseweb-night") {
                    night.styleSheet(now: Int64(WallTime.seconds()))
                }
                return WebResponses.generated(Array(css.utf8), contentType: "text/css; charset=utf-8")
            }
            guard let file = files.file(at: request.uri.path, knownTags: request.headers[.ifNoneMatch]) else {
                return WebResponses.refusal(
                    WebRefusal(status: 404, code: "not_found", message: "There is no such page."),
                    path: request.uri.path)
            }
            return WebResponses.file(file)
        }
        // HEAD as GET: the same head, and NIO sends no body with it.
        for path: RouterPath in ["/", "**"] {
            router.get(path, use: serveFile)
            router.head(path, use: serveFile)
        }
    }
}

extension WebRoutes {
    /// The same routes for requests from `principal`.
    func from(_ principal: Principal) -> WebRoutes {
        var routes = self
        routes.principal = principal
        return routes
    }
}
