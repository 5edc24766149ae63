extension Double {
    /// A number as people write it: `5` rather than `5.0`.
    public var formatted: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return String(self)
    }
}

extension Double {
    /// `%.Nf` without Foundation: `places` digits after the point, rounded half away from zero; no `-0`.
    public func fixed(_ places: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = Int64((abs(self) * Double(scale)).rounded())
        var fraction = String(scaled % scale)
        while fraction.count < places { fraction = "0" + fraction }
        return (self < 0 && scaled != 0 ? "-" : "") + "\(scaled / scale)" + (places > 0 ? "." + fraction : "")
    }
}
