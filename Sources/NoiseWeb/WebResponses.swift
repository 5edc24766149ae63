import Hummingbird
import NIOCore
import NoiseWebCore

/// The responses noiseweb builds, each with the headers its kind needs (the security headers are added to every
/// response by `SecurityHeadersMiddleware`).
enum WebResponses {
    static func json(_ status: Int, _ bytes: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.cacheControl] = SecurityHeaders.noStore.value
        return Response(status: .init(code: status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func file(_ bytes: [UInt8], contentType: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        // The page's files change only with an install; a reload still asks (no-cache), which costs a 200 on loopback.
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A file made for the person to keep (the life poster): saved under `name`, never cached.
    static func download(_ bytes: [UInt8], contentType: String, name: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.contentDisposition] = "attachment; filename=\"\(name)\""
        headers[.cacheControl] = SecurityHeaders.noStore.value
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A refusal: JSON for the API (a script reads `error.code`), plain text for a browser (it quotes the request's
    /// own headers, so it is never HTML: nothing in it can be markup).
    static func refusal(_ refusal: WebRefusal, path: String) -> Response {
        if path.hasPrefix("/api/") {
            return WebReply.failure(refusal).response
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.cacheControl] = SecurityHeaders.noStore.value
        return Response(status: .init(code: refusal.status), headers: headers,
                        body: .init(byteBuffer: ByteBuffer(string: "NoiseClock: " + refusal.message + "\n")))
    }

    /// 303 to `/`, handing over the session cookie.
    static func loggedIn(cookie: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = "/"
        headers[.setCookie] = cookie
        headers[.cacheControl] = SecurityHeaders.noStore.value
        return Response(status: .seeOther, headers: headers)
    }
}

extension WebReply {
    var response: Response { WebResponses.json(status, json) }
}
