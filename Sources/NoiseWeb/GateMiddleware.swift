import HTTPTypes
import Hummingbird
import NoiseWebCore

/// Carries out `WebGate`'s verdict: a refused request gets its refusal and reaches no route.
struct GateMiddleware<Context: RequestContext>: RouterMiddleware {
    let gate: WebGate
    /// What the request's cookie and key prove: a live session or a kiosk (loopback), a paired device (LAN).
    let signedIn: @Sendable (Request) -> SignIn

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let refusal = gate.refusal(for: Self.facts(request, signedIn: signedIn(request))) {
            return WebResponses.refusal(refusal, path: request.uri.path)
        }
        return try await next(request, context)
    }

    /// What the gate judges, read from the request's head.
    static func facts(_ request: Request, signedIn: SignIn) -> RequestFacts {
        RequestFacts(
            method: request.method.rawValue, path: request.uri.path, host: request.head.authority,
            origin: request.headers[.origin], contentType: request.headers[.contentType],
            customHeader: request.headers[customHeaderField], signIn: signedIn)
    }

    /// The sign-in's key: its header, or on the WebSocket (whose upgrade a page cannot give headers) the query's `key`.
    static func key(of request: Request) -> String? {
        if let key = request.headers[keyField] { return key }
        return request.uri.path == WebRoute.eventsPath ? request.uri.queryParameters.get(WebKey.queryName) : nil
    }
}

private let keyField = HTTPField.Name(WebKey.headerName)!

/// `X-NoiseClock` as a field name (a generic type cannot hold it as a static).
private let customHeaderField = HTTPField.Name(WebGate.customHeaderName)!
