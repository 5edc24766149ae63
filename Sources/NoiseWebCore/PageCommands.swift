/// The protocol commands the pages send (`web/js`), the only ones `POST /api/command` relays, for the loopback page
/// and paired devices alike (docs/web.md, "Commands"). Nothing that names a file on this machine (`import`), changes
/// the store's files (`store_recover`) or the sounds on disk is here: the pages never need them, and a stolen sign-in
/// must not reach them. `Tests/integration/test_web_security.py` holds this list to what the pages' scripts send.
public enum PageCommands {
    public static let allowed: Set<String> = [
        // The mixer (noise.html).
        "sounds", "play", "stop", "volume", "pause", "resume", "mix_list", "mix_save", "mix_remove",
        // The alarms and timers (alarms.html, the ringing screen, the Mars and ISS pages' alarms).
        "alarm_list", "alarm_add", "alarm_edit", "alarm_enable", "alarm_disable", "alarm_remove", "alarm_duplicate",
        "alarm_missed_clear", "timer_add", "timer_cancel", "snooze", "dismiss", "preview",
        // The life calendar (life.html).
        "life_show", "life_set", "habit_list", "habit_today", "habit_add", "habit_tap", "habit_undo", "habit_remove",
        "gratitude_show", "gratitude_list", "gratitude_search", "gratitude_write",
    ]

    /// nil when the pages may send `command`, else why not.
    public static func refusal(for command: String) -> WebRefusal? {
        guard !allowed.contains(command) else { return nil }
        return WebRefusal(status: 403, code: "not_allowed_here",
                          message: "'\(String(command.prefix(64)))' is not one of the commands the pages send; "
                            + "use noisectl for it on this machine.")
    }
}
