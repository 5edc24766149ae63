import Logging
import NoiseProtocol

/// Says in the log what changed on the desktop side: a bus reached or lost, MPRIS, the inhibitor.
enum DesktopLog {
    static func changes(from old: DesktopStatus, to new: DesktopStatus, logger: Logger) {
        if new.sessionBus != old.sessionBus || new.sessionBusProblem != old.sessionBusProblem {
            if let problem = new.sessionBusProblem {
                logger.notice("desktop: \(problem) (media keys, MPRIS and notifications are off until it is back)")
            } else {
                logger.info("desktop: connected to the session bus")
            }
        }
        if new.systemBus != old.systemBus || new.systemBusProblem != old.systemBusProblem {
            if let problem = new.systemBusProblem {
                logger.notice(
                    "desktop: \(problem) (no sleep inhibitor; alarms are looked at on resume by the clock alone)")
            } else {
                logger.info("desktop: connected to the system bus (logind)")
            }
        }
        if new.mpris != old.mpris, let name = new.mpris { logger.info("desktop: MPRIS as \(name)") }
        if new.notificationProblem != old.notificationProblem, let problem = new.notificationProblem {
            logger.warning("desktop: \(problem)")
        }
        if new.sleepInhibitorWhy != old.sleepInhibitorWhy {
            logger.info(
                new.sleepInhibitorWhy.map { "desktop: keeping the machine awake: \($0)" }
                    ?? "desktop: the machine may sleep again")
        }
        if new.desktopInhibitor != old.desktopInhibitor {
            logger.info(
                new.desktopInhibitor.map { "desktop: the desktop's own inhibitor is held too: \($0)" }
                    ?? "desktop: the desktop's own inhibitor is released")
        }
        if new.desktopInhibitorProblem != old.desktopInhibitorProblem, let problem = new.desktopInhibitorProblem {
            logger.notice("desktop: \(problem) (the desktop's automatic suspend may not wait for the noise)")
        }
    }
}
