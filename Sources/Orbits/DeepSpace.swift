import Glibc

/// SDP4's additions for orbits of 225 minutes or more: the Sun's and Moon's long-period periodics (`dscom`,
/// `dpper`) and the resonance of 12- and 24-hour orbits with the Earth's gravity field, integrated from the epoch
/// (`dsinit`, `dspace`), after Vallado et al. 2006. The integrator restarts from the epoch on every call, so a
/// state depends on its time alone (the reference keeps its integrator between calls; the 720-minute steps from
/// the epoch are the same either way).
struct DeepSpace: Sendable {
    let solar: LunarSolarTerms
    // Resonance: 0 none, 1 one-day (synchronous), 2 half-day.
    let irez: Int
    let d2201, d2211, d3210, d3222, d4410, d4422, d5220, d5232, d5421, d5433: Double
    let dedt, didt, dmdt, dnodt, domdt, del1, del2, del3, xfact, xlamo: Double
    let meanMotion, argpo, argpdot, gsto: Double

    static let rptim = 4.37526908801129966e-3  // the Earth's rotation, rad/min

    init(
        epoch: Double, ecco: Double, eccsq: Double, inclo: Double, nodeo: Double, argpo: Double, mo: Double,
        meanMotion: Double, gsto: Double, mdot: Double, argpdot: Double, nodedot: Double, xpidot: Double, xke: Double
    ) {
        let terms = LunarSolarTerms(
            epoch: epoch, ecco: ecco, argpo: argpo, inclo: inclo, nodeo: nodeo,
            meanMotion: meanMotion)
        solar = terms
        self.meanMotion = meanMotion
        self.argpo = argpo
        self.argpdot = argpdot
        self.gsto = gsto
        let (zns, znl) = (1.19459e-5, 1.5835218e-4)
        let (sinim, cosim, emsq, em) = (terms.sinim, terms.cosim, terms.emsq, ecco)
        let nm = meanMotion
        var resonance = 0
        if nm < 0.0052359877 && nm > 0.0034906585 { resonance = 1 }
        if nm >= 8.26e-3 && nm <= 9.24e-3 && em >= 0.5 { resonance = 2 }
        irez = resonance

        // The secular rates from the Sun (s) and the Moon (z).
        let s = terms.sun, z = terms.moon
        let ses = s.s1 * zns * s.s5
        let sis = s.s2 * zns * (s.z11 + s.z13)
        let sls = -zns * s.s3 * (s.z1 + s.z3 - 14 - 6 * emsq)
        let sghs = s.s4 * zns * (s.z31 + s.z33 - 6)
        let nearEquatorial = inclo < 5.2359877e-2 || inclo > .pi - 5.2359877e-2
        var shs = nearEquatorial ? 0 : -zns * s.s2 * (s.z21 + s.z23)
        if sinim != 0 { shs /= sinim }
        let sgs = sghs - cosim * shs
        dedt = ses + z.s1 * znl * z.s5
        didt = sis + z.s2 * znl * (z.z11 + z.z13)
        dmdt = sls - znl * z.s3 * (z.z1 + z.z3 - 14 - 6 * emsq)
        let sghl = z.s4 * znl * (z.z31 + z.z33 - 6)
        let shll = nearEquatorial ? 0 : -znl * z.s2 * (z.z21 + z.z23)
        var domdt = sgs + sghl
        var dnodt = shs
        if sinim != 0 {
            domdt -= cosim / sinim * shll
            dnodt += shll / sinim
        }
        self.domdt = domdt
        self.dnodt = dnodt

        let theta = gsto.truncatingRemainder(dividingBy: 2 * .pi)
        let aonv = pow(nm / xke, 2.0 / 3)
        var d = [Double](repeating: 0, count: 10)
        var (del1, del2, del3, xlamo, xfact) = (0.0, 0.0, 0.0, 0.0, 0.0)
        if resonance == 2 {
            d = Self.halfDayCoefficients(ecco: ecco, eccsq: eccsq, sinim: sinim, cosim: cosim, nm: nm, aonv: aonv)
            xlamo = (mo + nodeo + nodeo - theta - theta).truncatingRemainder(dividingBy: 2 * .pi)
            xfact = mdot + dmdt + 2 * (nodedot + dnodt - Self.rptim) - meanMotion
        } else if resonance == 1 {
            let g200 = 1 + emsq * (-2.5 + 0.8125 * emsq)
            let g310 = 1 + 2 * emsq
            let g300 = 1 + emsq * (-6 + 6.60937 * emsq)
            let f220 = 0.75 * (1 + cosim) * (1 + cosim)
            let f311 = 0.9375 * sinim * sinim * (1 + 3 * cosim) - 0.75 * (1 + cosim)
            let f330 = 1.875 * (1 + cosim) * (1 + cosim) * (1 + cosim)
            let base = 3 * nm * nm * aonv * aonv
            del2 = 2 * base * f220 * g200 * 1.7891679e-6
            del3 = 3 * base * f330 * g300 * 2.2123015e-7 * aonv
            del1 = base * f311 * g310 * 2.1460748e-6 * aonv
            xlamo = (mo + nodeo + argpo - theta).truncatingRemainder(dividingBy: 2 * .pi)
            xfact = mdot + xpidot - Self.rptim + dmdt + domdt + dnodt - meanMotion
        }
        (d2201, d2211, d3210, d3222, d4410, d4422, d5220, d5232, d5421, d5433) =
            (d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8], d[9])
        (self.del1, self.del2, self.del3, self.xlamo, self.xfact) = (del1, del2, del3, xlamo, xfact)
    }

    /// The half-day resonance's ten coefficients (D2201 … D5433).
    static func halfDayCoefficients(
        ecco: Double, eccsq: Double, sinim: Double, cosim: Double, nm: Double,
        aonv: Double
    ) -> [Double] {
        let (em, emsq) = (ecco, eccsq)
        let eoc = em * emsq
        let cosisq = cosim * cosim
        let g201 = -0.306 - (em - 0.64) * 0.440
        let g211, g310, g322, g410, g422, g520: Double
        if em <= 0.65 {
            g211 = 3.616 - 13.2470 * em + 16.2900 * emsq
            g310 = -19.302 + 117.3900 * em - 228.4190 * emsq + 156.5910 * eoc
            g322 = -18.9068 + 109.7927 * em - 214.6334 * emsq + 146.5816 * eoc
            g410 = -41.122 + 242.6940 * em - 471.0940 * emsq + 313.9530 * eoc
            g422 = -146.407 + 841.8800 * em - 1629.014 * emsq + 1083.4350 * eoc
            g520 = -532.114 + 3017.977 * em - 5740.032 * emsq + 3708.2760 * eoc
        } else {
            g211 = -72.099 + 331.819 * em - 508.738 * emsq + 266.724 * eoc
            g310 = -346.844 + 1582.851 * em - 2415.925 * emsq + 1246.113 * eoc
            g322 = -342.585 + 1554.908 * em - 2366.899 * emsq + 1215.972 * eoc
            g410 = -1052.797 + 4758.686 * em - 7193.992 * emsq + 3651.957 * eoc
            g422 = -3581.690 + 16178.110 * em - 24462.770 * emsq + 12422.520 * eoc
            g520 =
                em > 0.715
                ? -5149.66 + 29936.92 * em - 54087.36 * emsq + 31324.56 * eoc
                : 1464.74 - 4664.75 * em + 3763.64 * emsq
        }
        let g533, g521, g532: Double
        if em < 0.7 {
            g533 = -919.22770 + 4988.6100 * em - 9064.7700 * emsq + 5542.21 * eoc
            g521 = -822.71072 + 4568.6173 * em - 8491.4146 * emsq + 5337.524 * eoc
            g532 = -853.66600 + 4690.2500 * em - 8624.7700 * emsq + 5341.4 * eoc
        } else {
            g533 = -37995.780 + 161616.52 * em - 229838.20 * emsq + 109377.94 * eoc
            g521 = -51752.104 + 218913.95 * em - 309468.16 * emsq + 146349.42 * eoc
            g532 = -40023.880 + 170470.89 * em - 242699.48 * emsq + 115605.82 * eoc
        }
        let sini2 = sinim * sinim
        let f220 = 0.75 * (1 + 2 * cosim + cosisq)
        let f221 = 1.5 * sini2
        let f321 = 1.875 * sinim * (1 - 2 * cosim - 3 * cosisq)
        let f322 = -1.875 * sinim * (1 + 2 * cosim - 3 * cosisq)
        let f441 = 35 * sini2 * f220
        let f442 = 39.3750 * sini2 * sini2
        let f522 = 9.84375 * sinim * (sini2 * (1 - 2 * cosim - 5 * cosisq) + 0.33333333 * (-2 + 4 * cosim + 6 * cosisq))
        let f523 =
            sinim * (4.92187512 * sini2 * (-2 - 4 * cosim + 10 * cosisq) + 6.56250012 * (1 + 2 * cosim - 3 * cosisq))
        let f542 = 29.53125 * sinim * (2 - 8 * cosim + cosisq * (-12 + 8 * cosim + 10 * cosisq))
        let f543 = 29.53125 * sinim * (-2 - 8 * cosim + cosisq * (12 + 8 * cosim - 10 * cosisq))
        let xno2 = nm * nm
        let ainv2 = aonv * aonv
        var temp1 = 3 * xno2 * ainv2
        var temp = temp1 * 1.7891679e-6
        let d2201 = temp * f220 * g201
        let d2211 = temp * f221 * g211
        temp1 *= aonv
        temp = temp1 * 3.7393792e-7
        let d3210 = temp * f321 * g310
        let d3222 = temp * f322 * g322
        temp1 *= aonv
        temp = 2 * temp1 * 7.3636953e-9
        let d4410 = temp * f441 * g410
        let d4422 = temp * f442 * g422
        temp1 *= aonv
        temp = temp1 * 1.1428639e-7
        let d5220 = temp * f522 * g520
        let d5232 = temp * f523 * g532
        temp = 2 * temp1 * 2.1765803e-9
        let d5421 = temp * f542 * g521
        let d5433 = temp * f543 * g533
        return [d2201, d2211, d3210, d3222, d4410, d4422, d5220, d5232, d5421, d5433]
    }

    /// `dspace`: the secular lunar-solar rates and the resonance, integrated from the epoch to `t` in 720-minute
    /// steps; returns the mean elements at `t`.
    func resonance(
        t: Double, em: Double, argpm: Double, inclm: Double, mm: Double, nodem: Double
    )
        -> (em: Double, argpm: Double, inclm: Double, mm: Double, nodem: Double, nm: Double)
    {
        let (fasx2, fasx4, fasx6) = (0.13130908, 2.8843198, 0.37448087)
        let (g22, g32, g44, g52, g54) = (5.7686396, 0.95240898, 1.8014998, 1.0508330, 4.4108898)
        let (stepp, step2) = (720.0, 259_200.0)
        let theta = (gsto + t * Self.rptim).truncatingRemainder(dividingBy: 2 * .pi)
        let em = em + dedt * t
        let inclm = inclm + didt * t
        let argpm = argpm + domdt * t
        let nodem = nodem + dnodt * t
        var mm = mm + dmdt * t
        guard irez != 0 else { return (em, argpm, inclm, mm, nodem, meanMotion) }
        var (atime, xni, xli) = (0.0, meanMotion, xlamo)
        let delt = t > 0 ? stepp : -stepp
        var (xndt, xldot, xnddt, ft) = (0.0, 0.0, 0.0, 0.0)
        while true {
            if irez != 2 {
                xndt = del1 * sin(xli - fasx2) + del2 * sin(2 * (xli - fasx4)) + del3 * sin(3 * (xli - fasx6))
                xldot = xni + xfact
                xnddt = del1 * cos(xli - fasx2) + 2 * del2 * cos(2 * (xli - fasx4)) + 3 * del3 * cos(3 * (xli - fasx6))
                xnddt *= xldot
            } else {
                let xomi = argpo + argpdot * atime
                let x2omi = xomi + xomi
                let x2li = xli + xli
                xndt =
                    d2201 * sin(x2omi + xli - g22) + d2211 * sin(xli - g22) + d3210 * sin(xomi + xli - g32)
                    + d3222 * sin(-xomi + xli - g32) + d4410 * sin(x2omi + x2li - g44) + d4422 * sin(x2li - g44)
                    + d5220 * sin(xomi + xli - g52) + d5232 * sin(-xomi + xli - g52) + d5421 * sin(xomi + x2li - g54)
                    + d5433 * sin(-xomi + x2li - g54)
                xldot = xni + xfact
                xnddt =
                    d2201 * cos(x2omi + xli - g22) + d2211 * cos(xli - g22) + d3210 * cos(xomi + xli - g32)
                    + d3222 * cos(-xomi + xli - g32) + d5220 * cos(xomi + xli - g52) + d5232 * cos(-xomi + xli - g52)
                    + 2
                    * (d4410 * cos(x2omi + x2li - g44) + d4422 * cos(x2li - g44) + d5421 * cos(xomi + x2li - g54)
                        + d5433 * cos(-xomi + x2li - g54))
                xnddt *= xldot
            }
            if abs(t - atime) < stepp {
                ft = t - atime
                break
            }
            xli = xli + xldot * delt + xndt * step2
            xni = xni + xndt * delt + xnddt * step2
            atime += delt
        }
        let nm = xni + xndt * ft + xnddt * ft * ft * 0.5
        let xl = xli + xldot * ft + xndt * ft * ft * 0.5
        mm = irez != 1 ? xl - 2 * nodem + 2 * theta : xl - nodem - argpm + theta
        let dndt = nm - meanMotion
        return (em, argpm, inclm, mm, nodem, meanMotion + dndt)
    }

    /// `dpper`: the Sun's and Moon's periodics on the elements at `t` (minutes from the epoch).
    func periodics(
        t: Double, ep: inout Double, inclp: inout Double, nodep: inout Double, argpp: inout Double,
        mp: inout Double
    ) {
        let sun = solar.periodics(t: t, lunar: false)
        let moon = solar.periodics(t: t, lunar: true)
        let pe = sun.e + moon.e, pinc = sun.i + moon.i, pl = sun.l + moon.l
        var pgh = sun.gh + moon.gh
        var ph = sun.h + moon.h
        inclp += pinc
        ep += pe
        let (sinip, cosip) = (sin(inclp), cos(inclp))
        if inclp >= 0.2 {
            ph /= sinip
            pgh -= cosip * ph
            argpp += pgh
            nodep += ph
            mp += pl
        } else {
            // Lyddane's modification for low inclinations.
            let (sinop, cosop) = (sin(nodep), cos(nodep))
            var alfdp = sinip * sinop
            var betdp = sinip * cosop
            alfdp += ph * cosop + pinc * cosip * sinop
            betdp += -ph * sinop + pinc * cosip * cosop
            nodep = nodep.truncatingRemainder(dividingBy: 2 * .pi)
            var xls = mp + argpp + cosip * nodep
            xls += pl + pgh - pinc * nodep * sinip
            let xnoh = nodep
            nodep = atan2(alfdp, betdp)
            if abs(xnoh - nodep) > .pi { nodep += nodep < xnoh ? 2 * .pi : -2 * .pi }
            mp += pl
            argpp = xls - mp - cosip * nodep
        }
    }
}
