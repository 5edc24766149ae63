import HTTPTypes
import Hummingbird
import NoiseWebCore

/// Puts `SecurityHeaders.always` on every response, errors (a 404 the router throws) included: the outermost
/// middleware, so nothing leaves without them.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        for header in SecurityHeaders.always {
            if let name = HTTPField.Name(header.name) { response.headers[name] = header.value }
        }
        return response
    }
}
