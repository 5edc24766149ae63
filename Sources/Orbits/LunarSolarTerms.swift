import Glibc

/// `dscom`: the Sun's and the Moon's terms on a deep-space orbit at its epoch (Vallado et al. 2006), and
/// `dpper`'s periodics from them at any time.
struct LunarSolarTerms: Sendable {
    /// One body's intermediate terms (the paper's s1…s7 and z1…z33; for the Sun ss… and sz…).
    struct Body: Sendable {
        var s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0, s5 = 0.0, s6 = 0.0, s7 = 0.0
        var z1 = 0.0, z2 = 0.0, z3 = 0.0, z11 = 0.0, z12 = 0.0, z13 = 0.0, z21 = 0.0, z22 = 0.0, z23 = 0.0
        var z31 = 0.0, z32 = 0.0, z33 = 0.0
    }

    /// One body's periodic amplitudes (for the Sun se2…sh3, for the Moon ee2…xh3) and its mean anomaly.
    struct Amplitudes: Sendable {
        let e2, e3, i2, i3, l2, l3, l4, gh2, gh3, gh4, h2, h3: Double
        /// The mean anomaly at the epoch, its rate (rad/min) and the orbit's eccentricity.
        let zm0, rate, eccentricity: Double

        init(_ b: Body, emsq: Double, zm0: Double, rate: Double, eccentricity: Double) {
            e2 = 2 * b.s1 * b.s6
            e3 = 2 * b.s1 * b.s7
            i2 = 2 * b.s2 * b.z12
            i3 = 2 * b.s2 * (b.z13 - b.z11)
            l2 = -2 * b.s3 * b.z2
            l3 = -2 * b.s3 * (b.z3 - b.z1)
            l4 = -2 * b.s3 * (-21 - 9 * emsq) * eccentricity
            gh2 = 2 * b.s4 * b.z32
            gh3 = 2 * b.s4 * (b.z33 - b.z31)
            gh4 = -18 * b.s4 * eccentricity
            h2 = -2 * b.s2 * b.z22
            h3 = -2 * b.s2 * (b.z23 - b.z21)
            (self.zm0, self.rate, self.eccentricity) = (zm0, rate, eccentricity)
        }
    }

    let sinim, cosim, emsq: Double
    let sun, moon: Body
    let solarAmplitudes, lunarAmplitudes: Amplitudes

    init(epoch: Double, ecco: Double, argpo: Double, inclo: Double, nodeo: Double, meanMotion: Double) {
        let (zes, zel, c1ss, c1l) = (0.01675, 0.05490, 2.9864797e-6, 4.7968065e-7)
        let (zsinis, zcosis, zcosgs, zsings) = (0.39785416, 0.91744867, 0.1945905, -0.98088458)
        let twoPi = 2 * Double.pi
        let (snodm, cnodm, sinomm, cosomm) = (sin(nodeo), cos(nodeo), sin(argpo), cos(argpo))
        (sinim, cosim) = (sin(inclo), cos(inclo))
        emsq = ecco * ecco
        let betasq = 1 - emsq
        let rtemsq = betasq.squareRoot()
        // The Moon's orbit at the epoch.
        let day = epoch + 18_261.5
        let xnodce = (4.5236020 - 9.2422029e-4 * day).truncatingRemainder(dividingBy: twoPi)
        let (stem, ctem) = (sin(xnodce), cos(xnodce))
        let zcosil = 0.91375164 - 0.03568096 * ctem
        let zsinil = (1 - zcosil * zcosil).squareRoot()
        let zsinhl = 0.089683511 * stem / zsinil
        let zcoshl = (1 - zsinhl * zsinhl).squareRoot()
        let gam = 5.8351514 + 0.0019443680 * day
        var zx = 0.39785416 * stem / zsinil
        let zy = zcoshl * ctem + 0.91744867 * zsinhl * stem
        zx = atan2(zx, zy)
        zx = gam + zx - xnodce
        let (zcosgl, zsingl) = (cos(zx), sin(zx))

        // The Sun first, then the Moon, with the same equations.
        var (zcosg, zsing, zcosi, zsini, zcosh, zsinh, cc) = (zcosgs, zsings, zcosis, zsinis, cnodm, snodm, c1ss)
        let xnoi = 1 / meanMotion
        var bodies: [Body] = []
        for _ in 0..<2 {
            let a1 = zcosg * zcosh + zsing * zcosi * zsinh
            let a3 = -zsing * zcosh + zcosg * zcosi * zsinh
            let a7 = -zcosg * zsinh + zsing * zcosi * zcosh
            let a8 = zsing * zsini
            let a9 = zsing * zsinh + zcosg * zcosi * zcosh
            let a10 = zcosg * zsini
            let a2 = cosim * a7 + sinim * a8
            let a4 = cosim * a9 + sinim * a10
            let a5 = -sinim * a7 + cosim * a8
            let a6 = -sinim * a9 + cosim * a10
            let x1 = a1 * cosomm + a2 * sinomm
            let x2 = a3 * cosomm + a4 * sinomm
            let x3 = -a1 * sinomm + a2 * cosomm
            let x4 = -a3 * sinomm + a4 * cosomm
            let x5 = a5 * sinomm
            let x6 = a6 * sinomm
            let x7 = a5 * cosomm
            let x8 = a6 * cosomm
            var b = Body()
            b.z31 = 12 * x1 * x1 - 3 * x3 * x3
            b.z32 = 24 * x1 * x2 - 6 * x3 * x4
            b.z33 = 12 * x2 * x2 - 3 * x4 * x4
            b.z1 = 3 * (a1 * a1 + a2 * a2) + b.z31 * emsq
            b.z2 = 6 * (a1 * a3 + a2 * a4) + b.z32 * emsq
            b.z3 = 3 * (a3 * a3 + a4 * a4) + b.z33 * emsq
            b.z11 = -6 * a1 * a5 + emsq * (-24 * x1 * x7 - 6 * x3 * x5)
            b.z12 = -6 * (a1 * a6 + a3 * a5) + emsq * (-24 * (x2 * x7 + x1 * x8) - 6 * (x3 * x6 + x4 * x5))
            b.z13 = -6 * a3 * a6 + emsq * (-24 * x2 * x8 - 6 * x4 * x6)
            b.z21 = 6 * a2 * a5 + emsq * (24 * x1 * x5 - 6 * x3 * x7)
            b.z22 = 6 * (a4 * a5 + a2 * a6) + emsq * (24 * (x2 * x5 + x1 * x6) - 6 * (x4 * x7 + x3 * x8))
            b.z23 = 6 * a4 * a6 + emsq * (24 * x2 * x6 - 6 * x4 * x8)
            b.z1 = b.z1 + b.z1 + betasq * b.z31
            b.z2 = b.z2 + b.z2 + betasq * b.z32
            b.z3 = b.z3 + b.z3 + betasq * b.z33
            b.s3 = cc * xnoi
            b.s2 = -0.5 * b.s3 / rtemsq
            b.s4 = b.s3 * rtemsq
            b.s1 = -15 * ecco * b.s4
            b.s5 = x1 * x3 + x2 * x4
            b.s6 = x2 * x3 + x1 * x4
            b.s7 = x2 * x4 - x1 * x3
            bodies.append(b)
            (zcosg, zsing, zcosi, zsini) = (zcosgl, zsingl, zcosil, zsinil)
            zcosh = zcoshl * cnodm + zsinhl * snodm
            zsinh = snodm * zcoshl - cnodm * zsinhl
            cc = c1l
        }
        (sun, moon) = (bodies[0], bodies[1])
        let zmol = (4.7199672 + 0.22997150 * day - gam).truncatingRemainder(dividingBy: twoPi)
        let zmos = (6.2565837 + 0.017201977 * day).truncatingRemainder(dividingBy: twoPi)
        solarAmplitudes = Amplitudes(sun, emsq: emsq, zm0: zmos, rate: 1.19459e-5, eccentricity: zes)
        lunarAmplitudes = Amplitudes(moon, emsq: emsq, zm0: zmol, rate: 1.5835218e-4, eccentricity: zel)
    }

    /// One body's periodics at `t`: on e, i, l, ω + Ω (gh) and Ω (h).
    func periodics(t: Double, lunar: Bool) -> (e: Double, i: Double, l: Double, gh: Double, h: Double) {
        let a = lunar ? lunarAmplitudes : solarAmplitudes
        let zm = a.zm0 + a.rate * t
        let zf = zm + 2 * a.eccentricity * sin(zm)
        let sinzf = sin(zf)
        let f2 = 0.5 * sinzf * sinzf - 0.25
        let f3 = -0.5 * sinzf * cos(zf)
        return (
            a.e2 * f2 + a.e3 * f3, a.i2 * f2 + a.i3 * f3, a.l2 * f2 + a.l3 * f3 + a.l4 * sinzf,
            a.gh2 * f2 + a.gh3 * f3 + a.gh4 * sinzf, a.h2 * f2 + a.h3 * f3
        )
    }
}
