/// A login code or a session token (docs/web.md): `Limits.webSecretBytes` random bytes from the kernel's generator
/// (`SystemRandomNumberGenerator` is `getrandom` on Linux), written as lowercase hex. Shared by `noisectl web`, which
/// makes codes, and noiseweb, which checks them and makes sessions: both agree on what a well-formed one is.
public struct WebSecret: Sendable, Hashable, CustomStringConvertible {
    /// The hex text, `2 * Limits.webSecretBytes` characters of `0-9a-f`.
    public let text: String

    public var description: String { text }

    /// A new secret from the kernel's random generator.
    public static func random() -> WebSecret {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(2 * Limits.webSecretBytes)
        for _ in 0..<Limits.webSecretBytes {
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return WebSecret(text: String(decoding: text, as: UTF8.self))
    }

    /// `text` when it has the form of a secret, else nil: nothing else ever reaches a file name or a lookup.
    public init?(parsing text: some StringProtocol) {
        guard text.utf8.count == 2 * Limits.webSecretBytes,
            text.utf8.allSatisfy({
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            })
        else { return nil }
        self.text = String(text)
    }

    private init(text: String) { self.text = text }
}
