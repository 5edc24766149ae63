/// A paired device's name when the person gave none: its browser and system as its `User-Agent` says, enough to
/// tell "Chrome on Android" from "Safari on iPhone" in `noisectl web devices`.
public enum DeviceName {
    public static func summary(userAgent: String?) -> String {
        guard let agent = userAgent, !agent.isEmpty else { return "a browser" }
        let systems = [
            ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("CrOS", "ChromeOS"),
            ("Windows", "Windows"),
            ("Macintosh", "macOS"), ("Linux", "Linux"),
        ]
        // Order matters: Chrome's agent names Safari too, Edge's names Chrome.
        let browsers = [
            ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"), ("Edg/", "Edge"), ("SamsungBrowser/", "Samsung Internet"),
            ("CriOS/", "Chrome"), ("Chrome/", "Chrome"), ("Chromium/", "Chromium"), ("Safari/", "Safari"),
        ]
        let system = systems.first { agent.contains($0.0) }?.1
        let browser = browsers.first { agent.contains($0.0) }?.1
        switch (browser, system) {
        case let (browser?, system?): return "\(browser) on \(system)"
        case let (browser?, nil): return browser
        case let (nil, system?): return "a browser on \(system)"
        default: return String(agent.prefix(40))
        }
    }
}
