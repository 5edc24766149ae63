import HTTPTypes
import Hummingbird
import NoiseWebCore

/// Carries out `WebGate`'s verdict: a refused request gets its refusal and reaches no route.
struct GateMiddleware<Context: RequestContext>: RouterMiddleware {
    let gate: WebGate
    let sessions: SessionStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let refusal = gate.refusal(for: Self.facts(request, sessions: sessions)) {
            return WebResponses.refusal(refusal, path: request.uri.path)
        }
        return try await next(request, context)
    }

    /// What the gate judges, read from the request's head.
    static func facts(_ request: Request, sessions: SessionStore) -> RequestFacts {
        RequestFacts(method: request.method.rawValue, path: request.uri.path, host: request.head.authority,
                     origin: request.headers[.origin], contentType: request.headers[.contentType],
                     customHeader: request.headers[customHeaderField],
                     hasSession: sessions.isLive(request.cookies[SessionCookie.name]?.value))
    }
}

/// `X-NoiseClock` as a field name (a generic type cannot hold it as a static).
private let customHeaderField = HTTPField.Name(WebGate.customHeaderName)!
