/// The big digital clock: block-character digits at the largest size that fits, centred both ways, with
/// the overlays around them. Below the smallest size, the time as plain text.
public enum DigitalFace {
    /// The largest pixel scale tried; 20 fills a 4K terminal.
    static let maxScale = 20

    public static func render(_ scene: DigitalClockScene, size: TerminalSize) -> ClockFrame {
        var below: [ClockFrame.Span] = []
        if scene.date { below.append(.init(ClockText.dateLine(scene.reading))) }
        below += scene.info.map { .init($0) }
        if let note = scene.note { below.append(.init(note, .dim)) }
        let plain =
            ClockText.time(scene.reading, twelveHour: scene.twelveHour, seconds: scene.seconds)
            + (scene.badge.map { " " + $0 } ?? "")
        return layout(
            Digits(text: scene.digitText, plain: plain, badge: scene.badge), banner: scene.ringing,
            below: below, corner: scene.battery, size: size)
    }

    /// What the big digits show: the text drawn (digits, ':', '.', ' '), the same as plain text for a terminal
    /// too small for them, and a badge right of them (AM/PM).
    public struct Digits: Sendable {
        public var text: String
        public var plain: String
        public var badge: String?

        public init(text: String, plain: String, badge: String? = nil) {
            self.text = text
            self.plain = plain
            self.badge = badge
        }
    }

    /// Big digits at the largest scale that fits, centred both ways, a banner above them (red, while an alarm
    /// rings), lines below, and a corner text top right (the battery) that goes below when there is no room.
    public static func layout(
        _ digits: Digits, banner: String?, below lines: [ClockFrame.Span], corner: String?,
        size: TerminalSize
    ) -> ClockFrame {
        var frame = ClockFrame(size: size)
        let bitmap = BigDigitFont.bitmap(digits.text)
        let pixels = bitmap.first?.count ?? 0
        // The badge sits right of the digits; the same room is kept on the left so the digits stay centred.
        let badgeRoom = digits.badge == nil ? 0 : 2 * 3
        var below = lines
        var cornerOnTop = corner != nil && size.rows >= 3
        if let corner, !cornerOnTop { below.append(.init(corner)) }
        let bannerRows = banner == nil ? 0 : 2

        func rowsNeeded(digitRows: Int, below: Int) -> Int {
            bannerRows + digitRows + (below == 0 ? 0 : 1 + below)
        }
        let available = size.rows - (cornerOnTop ? 1 : 0)
        var scale = maxScale
        while scale > 0
            && (pixels * scale + badgeRoom > size.columns
                || rowsNeeded(
                    digitRows: BlockRaster.height(of: BigDigitFont.height, scale: scale),
                    below: below.count) > available)
        {
            scale -= 1
        }
        let digitRows = scale > 0 ? BlockRaster.height(of: BigDigitFont.height, scale: scale) : 1
        // Too small even for plain text with everything: overlays go, from the last, before the time does.
        while !below.isEmpty && rowsNeeded(digitRows: digitRows, below: below.count) > available { below.removeLast() }
        if bannerRows > 0 && rowsNeeded(digitRows: digitRows, below: below.count) > available { cornerOnTop = false }

        let height = min(size.rows, rowsNeeded(digitRows: digitRows, below: below.count))
        var row = max(cornerOnTop ? 1 : 0, (size.rows - height) / 2)
        let digitStyle: ClockFrame.Style = banner == nil ? .digits : .alert
        if let banner {
            frame.center(.init(banner, .alert), row: row)
            frame.restyle(row: row, as: .alert)
            row += 2
        }
        if scale > 0 {
            let left = (size.columns - pixels * scale) / 2
            for (offset, text) in BlockRaster.rows(of: bitmap, scale: scale).enumerated() {
                frame.put([.init(text, digitStyle)], row: row + offset, column: left)
            }
            if let badge = digits.badge {
                frame.put([.init(badge, digitStyle)], row: row, column: left + pixels * scale + 1)
            }
        } else {
            frame.center(.init(digits.plain, digitStyle), row: row)
        }
        row += digitRows + 1
        for span in below where row < size.rows {
            frame.center(span, row: row)
            row += 1
        }
        if cornerOnTop, let corner {
            let text = DisplayWidth.fit(corner, width: size.columns)
            frame.put([.init(text)], row: 0, column: size.columns - DisplayWidth.of(text))
        }
        return frame
    }
}
