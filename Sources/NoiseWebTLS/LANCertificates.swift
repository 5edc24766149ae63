import Crypto
import Glibc
import NIOSSL
import NoiseCore
import NoiseSystem
import SwiftASN1
import X509

import struct Foundation.Date

/// noiseweb's own certificate authority and the server certificate it signs, for the LAN mode's HTTPS (docs/web.md,
/// "The certificate"). They live in the LAN folder (`$XDG_STATE_HOME/noiseweb`, 0700, keys 0600): the authority is
/// made once and kept `webCAValidityDays`, since each device trusts it by hand; the server certificate is made
/// again when the machine's names change or `webServerCertificateRenewDays` are left. `ca.sha256` holds the
/// authority's fingerprint for `noisectl web pair` to show, so noisectl needs no crypto library.
public struct LANCertificates: Sendable {
    /// The certificate authority lasts this long; the server certificates it signs, 397 days (Apple's most for a
    /// server certificate) and are made again when 30 days are left, or when the machine's names change.
    static let webCAValidityDays = 3650
    static let webServerCertificateDays = 397
    static let webServerCertificateRenewDays = 30

    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// What the LAN listener serves with.
    public struct Ready: Sendable {
        public let context: NIOSSLContext
        /// SHA-256 of the authority's DER, as `AB:CD:…`, as phones show it.
        public let fingerprint: String
        /// The authority's certificate, DER, for `GET /ca.crt`.
        public let authority: [UInt8]
        /// The server certificate was made at this start (new names, near its end, or the first start).
        public let issued: Bool
    }

    var authorityFile: String { folder + "/ca.pem" }
    var authorityKeyFile: String { folder + "/ca-key.pem" }
    var serverFile: String { folder + "/server.pem" }
    var serverKeyFile: String { folder + "/server-key.pem" }
    public var fingerprintFile: String { folder + "/ca.sha256" }

    /// Loads or makes the authority and a server certificate naming `dnsNames` and `addresses` (IP text), valid at `now`.
    public func prepare(dnsNames: [String], addresses: [String], hostname: String?, now: Date) throws -> Ready {
        try WebStateFolder.ensurePrivate(folder)
        let (authority, authorityKey) = try loadAuthority(now: now) ?? makeAuthority(hostname: hostname, now: now)
        let names = try Self.generalNames(dnsNames: dnsNames, addresses: addresses)
        var issued = false
        var server = try loadServer(signedBy: authority, names: names, now: now)
        if server == nil {
            server = try makeServer(names: names, authority: authority, authorityKey: authorityKey, now: now)
            issued = true
        }
        var serializer = DER.Serializer()
        try serializer.serialize(authority)
        let der = serializer.serializedBytes
        let fingerprint = SHA256.hash(data: der).map { String($0, radix: 16, uppercase: true, width: 2) }.joined(
            separator: ":")
        try LocalFile.replace(fingerprintFile, with: Array((fingerprint + "\n").utf8), newFileMode: 0o600)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [
                .certificate(try NIOSSLCertificate(bytes: Array(server!.certificate.utf8), format: .pem))
            ],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(server!.key.utf8), format: .pem)))
        configuration.minimumTLSVersion = .tlsv12
        return Ready(
            context: try NIOSSLContext(configuration: configuration), fingerprint: fingerprint, authority: der,
            issued: issued)
    }

    // MARK: The authority

    private func loadAuthority(now: Date) throws -> (Certificate, Certificate.PrivateKey)? {
        guard let pem = try text(authorityFile), let keyPEM = try text(authorityKeyFile) else { return nil }
        let certificate = try Certificate(pemEncoded: pem)
        let key = try Certificate.PrivateKey(pemEncoded: keyPEM)
        // A key that is not the certificate's (a file replaced by hand) or an authority near its end: make a new one.
        guard key.publicKey == certificate.publicKey,
            certificate.notValidAfter > now.addingTimeInterval(Self.days(Self.webServerCertificateDays))
        else { return nil }
        return (certificate, key)
    }

    private func makeAuthority(hostname: String?, now: Date) throws -> (Certificate, Certificate.PrivateKey) {
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let name = try DistinguishedName {
            OrganizationName("NoiseClock")
            CommonName("NoiseClock local CA" + (hostname.map { " (\($0))" } ?? ""))
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
            notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(Self.days(Self.webCAValidityDays)),
            issuer: name, subject: name,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: key.publicKey)
            },
            issuerPrivateKey: key)
        // The key first: a certificate without its key is never left behind.
        try LocalFile.replace(
            authorityKeyFile, with: Array(try key.serializeAsPEM().pemString.utf8), newFileMode: 0o600)
        try LocalFile.replace(
            authorityFile, with: Array(try certificate.serializeAsPEM().pemString.utf8), newFileMode: 0o600)
        return (certificate, key)
    }

    // MARK: The server certificate

    private func loadServer(
        signedBy authority: Certificate, names: [GeneralName], now: Date
    ) throws -> (certificate: String, key: String)? {
        guard let pem = try text(serverFile), let keyPEM = try text(serverKeyFile),
            let certificate = try? Certificate(pemEncoded: pem),
            let key = try? Certificate.PrivateKey(pemEncoded: keyPEM),
            key.publicKey == certificate.publicKey,
            authority.publicKey.isValidSignature(certificate.signature, for: certificate),
            certificate.notValidAfter > now.addingTimeInterval(Self.days(Self.webServerCertificateRenewDays)),
            let carried = try? certificate.extensions.subjectAlternativeNames,
            Set(carried.map { "\($0)" }) == Set(names.map { "\($0)" })
        else { return nil }
        return (pem, keyPEM)
    }

    private func makeServer(
        names: [GeneralName], authority: Certificate, authorityKey: Certificate.PrivateKey,
        now: Date
    ) throws -> (certificate: String, key: String) {
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let subject = try DistinguishedName {
            OrganizationName("NoiseClock")
            CommonName("noiseweb")
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
            notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(Self.days(Self.webServerCertificateDays)),
            issuer: authority.subject, subject: subject,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names)
                AuthorityKeyIdentifier(keyIdentifier: try authority.extensions.subjectKeyIdentifier?.keyIdentifier)
            },
            issuerPrivateKey: authorityKey)
        let keyPEM = try key.serializeAsPEM().pemString
        let pem = try certificate.serializeAsPEM().pemString
        try LocalFile.replace(serverKeyFile, with: Array(keyPEM.utf8), newFileMode: 0o600)
        try LocalFile.replace(serverFile, with: Array(pem.utf8), newFileMode: 0o600)
        return (pem, keyPEM)
    }

    /// The names as the certificate carries them: DNS names, and addresses as their 4 or 16 bytes.
    static func generalNames(dnsNames: [String], addresses: [String]) throws -> [GeneralName] {
        try dnsNames.map { GeneralName.dnsName($0) }
            + addresses.map { address in
                var v4 = in_addr()
                var v6 = in6_addr()
                if inet_pton(AF_INET, address, &v4) == 1 {
                    return .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v4) { ArraySlice($0) }))
                }
                guard inet_pton(AF_INET6, address, &v6) == 1 else {
                    throw LocalFile.Failure(description: "'\(address)' is not an IP address for the certificate")
                }
                return .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v6) { ArraySlice($0) }))
            }
    }

    private func text(_ path: String) throws -> String? {
        try LocalFile.contents(of: path, maxBytes: 64 * 1024, kind: "a certificate or key").map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    private static func days(_ count: Int) -> Double { Double(count) * 86_400 }
}
