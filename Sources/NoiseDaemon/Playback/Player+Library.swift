/// What `sounds remove` asks of the player before a sound goes.
extension Player {
    /// Whether the sound plays now (a sound fading out is on its way out and does not count).
    func plays(_ id: String) -> Bool {
        active.contains { $0.sound.id == id && $0.state != .fadingOut }
    }
}
