import HTTPTypes
import Hummingbird
import NoiseWebCore

/// Carries out `WebGate`'s verdict: a refused request gets its refusal and reaches no route.
struct GateMiddleware<Context: RequestContext>: RouterMiddleware {
    let gate: WebGate
    /// Whether the request carries a live session (loopback) or a paired device's cookie (LAN).
    let signedIn: @Sendable (Request) -> Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let refusal = gate.refusal(for: Self.facts(request, signedIn: signedIn(request))) {
            return WebResponses.refusal(refusal, path: request.uri.path)
        }
        return try await next(request, context)
    }

    /// What the gate judges, read from the request's head.
    static func facts(_ request: Request, signedIn: Bool) -> RequestFacts {
        RequestFacts(method: request.method.rawValue, path: request.uri.path, host: request.head.authority,
                     origin: request.headers[.origin], contentType: request.headers[.contentType],
                     customHeader: request.headers[customHeaderField], hasSession: signedIn)
    }
}

/// `X-NoiseClock` as a field name (a generic type cannot hold it as a static).
private let customHeaderField = HTTPField.Name(WebGate.customHeaderName)!
