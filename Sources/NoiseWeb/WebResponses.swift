import Hummingbird
import NIOCore
import NoiseCore
import NoiseWebCore

/// The responses noiseweb builds, each with the headers its kind needs (the security headers are added to every
/// response by `SecurityHeadersMiddleware`).
enum WebResponses {
    static func json(_ status: Int, _ bytes: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.cacheControl] = SecurityHeaders.noStore.value
        return Response(
            status: .init(code: status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A page's file, or **304** with no body when the browser's copy is current (`StaticFiles.File.unchanged`).
    static func file(_ file: StaticFiles.File) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = file.contentType
        // The page's files change only with an install: a reload asks again (no-cache), and an unchanged file costs
        // a 304 and no bytes.
        headers[.cacheControl] = "no-cache"
        headers[.eTag] = file.tag
        guard let bytes = file.bytes else { return Response(status: .notModified, headers: headers) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A file made at the request for the page (the night screen's style sheet): never cached, since it changes with
    /// the time of day.
    static func generated(_ bytes: [UInt8], contentType: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = SecurityHeaders.noStore.value
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

    /// A refusal: JSON for the API (a script reads `error.code`), a small dark page for a browser (`SmallPage`).
    static func refusal(_ refusal: WebRefusal, path: String) -> Response {
        if path.hasPrefix("/api/") {
            return WebReply.failure(refusal).response
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = SecurityHeaders.noStore.value
        return Response(
            status: .init(code: refusal.status), headers: headers,
            body: .init(byteBuffer: ByteBuffer(string: SmallPage.refusal(refusal))))
    }

    /// A sign-in's answer: its cookie, and a page that goes on to `/#key=KEY`, handing the page its key (`SmallPage`).
    static func signedIn(cookie: String, key: WebSecret) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.setCookie] = cookie
        headers[.cacheControl] = SecurityHeaders.noStore.value
        return Response(
            status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: SmallPage.signedIn(key: key))))
    }
}

extension WebReply {
    var response: Response { WebResponses.json(status, json) }
}
