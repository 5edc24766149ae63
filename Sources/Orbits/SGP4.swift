import Glibc

/// SGP4/SDP4: Vallado's revised model ("Revisiting Spacetrack Report #3", AIAA 2006-6753, with the later fixes),
/// WGS-72, improved mode (the IAU 1982 GMST). Written from the paper's equations; checked against its whole
/// verification set (docs/satellites.md). A value: set up once from an element set, then `state(at:)` for any
/// minutes from the epoch. Deep-space orbits (periods of 225 minutes or more) add `DeepSpace`.
public struct SGP4: Sendable {
    public let elements: OrbitalElements
    let gravity: GravityModel
    // The elements in SGP4's units (radians, radians per minute), the mean motion "un-Kozai'd".
    let ecco, inclo, nodeo, argpo, mo, bstar, meanMotion: Double
    /// Greenwich sidereal time at the epoch, radians.
    let gsto: Double
    /// Simplified drag (perigee under 220 km, or deep space): the higher drag terms are left out.
    let isimp: Bool
    let deepSpace: DeepSpace?
    // Secular and drag coefficients (the paper's names).
    let con41, x1mth2, x7thm1, cc1, cc4, cc5, d2, d3, d4, delmo, eta, sinmao: Double
    let mdot, argpdot, nodedot, omgcof, xmcof, nodecf, t2cof, t3cof, t4cof, t5cof, xlcof, aycof: Double

    public init(_ elements: OrbitalElements, gravity: GravityModel = .wgs72) {
        self.elements = elements
        self.gravity = gravity
        let radians = Double.pi / 180
        let (j2, j3oj2, j4, xke, re) = (gravity.j2, gravity.j3oj2, gravity.j4, gravity.xke, gravity.radius)
        ecco = elements.eccentricity
        inclo = elements.inclination * radians
        nodeo = elements.rightAscension * radians
        argpo = elements.argumentOfPerigee * radians
        mo = elements.meanAnomaly * radians
        bstar = elements.bstar
        // Revolutions per day to radians per minute, divided as the reference does (it matters in the last digits).
        let noKozai = elements.meanMotion / (1440 / (2 * Double.pi))

        // initl: recover the original mean motion and semi-major axis from the Kozai mean motion.
        let eccsq = ecco * ecco
        let omeosq = 1 - eccsq
        let rteosq = omeosq.squareRoot()
        let cosio = cos(inclo)
        let cosio2 = cosio * cosio
        let ak = pow(xke / noKozai, 2.0 / 3)
        let d1 = 0.75 * j2 * (3 * cosio2 - 1) / (rteosq * omeosq)
        var del = d1 / (ak * ak)
        let adel = ak * (1 - del * del - del * (1.0 / 3 + 134 * del * del / 81))
        del = d1 / (adel * adel)
        meanMotion = noKozai / (1 + del)
        let ao = pow(xke / meanMotion, 2.0 / 3)
        let sinio = sin(inclo)
        let po = ao * omeosq
        let con42 = 1 - 5 * cosio2
        con41 = -con42 - cosio2 - cosio2
        let posq = po * po
        let rp = ao * (1 - ecco)
        gsto = Sidereal.gmst(julianDateUT1: elements.sgp4Epoch + 2_433_281.5)

        // sgp4init: the drag and secular coefficients.
        var sfour = 78 / re + 1
        var qzms24 = pow((120 - 78) / re, 4)
        let perige = (rp - 1) * re
        if perige < 156 {
            sfour = perige < 98 ? 20 : perige - 78
            qzms24 = pow((120 - sfour) / re, 4)
            sfour = sfour / re + 1
        }
        let pinvsq = 1 / posq
        let tsi = 1 / (ao - sfour)
        eta = ao * ecco * tsi
        let etasq = eta * eta
        let eeta = ecco * eta
        let psisq = abs(1 - etasq)
        let coef = qzms24 * pow(tsi, 4)
        let coef1 = coef / pow(psisq, 3.5)
        let cc2 =
            coef1 * meanMotion
            * (ao * (1 + 1.5 * etasq + eeta * (4 + etasq))
                + 0.375 * j2 * tsi / psisq * con41 * (8 + 3 * etasq * (8 + etasq)))
        cc1 = bstar * cc2
        let cc3 = ecco > 1e-4 ? -2 * coef * tsi * j3oj2 * meanMotion * sinio / ecco : 0
        x1mth2 = 1 - cosio2
        cc4 =
            2 * meanMotion * coef1 * ao * omeosq
            * (eta * (2 + 0.5 * etasq) + ecco * (0.5 + 2 * etasq)
                - j2 * tsi / (ao * psisq)
                * (-3 * con41 * (1 - 2 * eeta + etasq * (1.5 - 0.5 * eeta))
                    + 0.75 * x1mth2 * (2 * etasq - eeta * (1 + etasq)) * cos(2 * argpo)))
        cc5 = 2 * coef1 * ao * omeosq * (1 + 2.75 * (etasq + eeta) + eeta * etasq)
        let cosio4 = cosio2 * cosio2
        let temp1 = 1.5 * j2 * pinvsq * meanMotion
        let temp2 = 0.5 * temp1 * j2 * pinvsq
        let temp3 = -0.46875 * j4 * pinvsq * pinvsq * meanMotion
        mdot = meanMotion + 0.5 * temp1 * rteosq * con41 + 0.0625 * temp2 * rteosq * (13 - 78 * cosio2 + 137 * cosio4)
        argpdot =
            -0.5 * temp1 * con42 + 0.0625 * temp2 * (7 - 114 * cosio2 + 395 * cosio4)
            + temp3 * (3 - 36 * cosio2 + 49 * cosio4)
        let xhdot1 = -temp1 * cosio
        nodedot = xhdot1 + (0.5 * temp2 * (4 - 19 * cosio2) + 2 * temp3 * (3 - 7 * cosio2)) * cosio
        let xpidot = argpdot + nodedot
        omgcof = bstar * cc3 * cos(argpo)
        xmcof = ecco > 1e-4 ? -2.0 / 3 * coef * bstar / eeta : 0
        nodecf = 3.5 * omeosq * xhdot1 * cc1
        t2cof = 1.5 * cc1
        // The 180° inclination fix: no division by zero.
        let denominator = abs(cosio + 1) > 1.5e-12 ? 1 + cosio : 1.5e-12
        xlcof = -0.25 * j3oj2 * sinio * (3 + 5 * cosio) / denominator
        aycof = -0.5 * j3oj2 * sinio
        let delmotemp = 1 + eta * cos(mo)
        delmo = delmotemp * delmotemp * delmotemp
        sinmao = sin(mo)
        x7thm1 = 7 * cosio2 - 1

        if 2 * .pi / meanMotion >= 225 {
            deepSpace = DeepSpace(
                epoch: elements.sgp4Epoch, ecco: ecco, eccsq: eccsq, inclo: inclo, nodeo: nodeo,
                argpo: argpo, mo: mo, meanMotion: meanMotion, gsto: gsto, mdot: mdot,
                argpdot: argpdot, nodedot: nodedot, xpidot: xpidot, xke: xke)
            isimp = true
        } else {
            deepSpace = nil
            isimp = rp < 220 / re + 1
        }
        if isimp {
            (d2, d3, d4, t3cof, t4cof, t5cof) = (0, 0, 0, 0, 0, 0)
        } else {
            let cc1sq = cc1 * cc1
            d2 = 4 * ao * tsi * cc1sq
            let temp = d2 * tsi * cc1 / 3
            d3 = (17 * ao + sfour) * temp
            d4 = 0.5 * temp * ao * tsi * (221 * ao + 31 * sfour) * cc1
            t3cof = d2 + 2 * cc1sq
            t4cof = 0.25 * (3 * d3 + cc1 * (12 * d2 + 10 * cc1sq))
            t5cof = 0.2 * (3 * d4 + 12 * cc1 * d3 + 6 * d2 * d2 + 15 * cc1sq * (2 * d2 + cc1sq))
        }
    }

    /// Position (km) and velocity (km/s) in TEME, `minutes` after the epoch.
    public func state(minutesSinceEpoch t: Double) throws(SGP4Error) -> (position: Vector3, velocity: Vector3) {
        let (j2, xke) = (gravity.j2, gravity.xke)
        let twoPi = 2 * Double.pi
        // Secular gravity and atmospheric drag.
        let xmdf = mo + mdot * t
        let argpdf = argpo + argpdot * t
        let nodedf = nodeo + nodedot * t
        var argpm = argpdf
        var mm = xmdf
        let t2 = t * t
        var nodem = nodedf + nodecf * t2
        var tempa = 1 - cc1 * t
        var tempe = bstar * cc4 * t
        var templ = t2cof * t2
        if !isimp {
            let delomg = omgcof * t
            let delmtemp = 1 + eta * cos(xmdf)
            let delm = xmcof * (delmtemp * delmtemp * delmtemp - delmo)
            let both = delomg + delm
            mm = xmdf + both
            argpm = argpdf - both
            let t3 = t2 * t
            let t4 = t3 * t
            tempa = tempa - d2 * t2 - d3 * t3 - d4 * t4
            tempe = tempe + bstar * cc5 * (sin(mm) - sinmao)
            templ = templ + t3cof * t3 + t4 * (t4cof + t * t5cof)
        }
        var nm = meanMotion
        var em = ecco
        var inclm = inclo
        if let deepSpace {
            (em, argpm, inclm, mm, nodem, nm) = deepSpace.resonance(
                t: t, em: em, argpm: argpm, inclm: inclm, mm: mm,
                nodem: nodem)
        }
        guard nm > 0 else { throw .meanMotion(nm) }
        let am = pow(xke / nm, 2.0 / 3) * tempa * tempa
        nm = xke / pow(am, 1.5)
        em = em - tempe
        guard em < 1, em >= -0.001 else { throw .meanEccentricity(em) }
        em = max(em, 1e-6)
        mm = mm + meanMotion * templ
        var xlm = mm + argpm + nodem
        nodem = nodem.truncatingRemainder(dividingBy: twoPi)
        argpm = argpm.truncatingRemainder(dividingBy: twoPi)
        xlm = xlm.truncatingRemainder(dividingBy: twoPi)
        mm = (xlm - argpm - nodem).truncatingRemainder(dividingBy: twoPi)

        // Lunar-solar periodics (deep space).
        var (ep, xincp, argpp, nodep, mp) = (em, inclm, argpm, nodem, mm)
        var (sinip, cosip) = (sin(inclm), cos(inclm))
        var (con41, x1mth2, x7thm1, xlcof, aycof) = (self.con41, self.x1mth2, self.x7thm1, self.xlcof, self.aycof)
        if let deepSpace {
            deepSpace.periodics(t: t, ep: &ep, inclp: &xincp, nodep: &nodep, argpp: &argpp, mp: &mp)
            if xincp < 0 {
                xincp = -xincp
                nodep += .pi
                argpp -= .pi
            }
            guard ep >= 0, ep <= 1 else { throw .perturbedEccentricity(ep) }
            (sinip, cosip) = (sin(xincp), cos(xincp))
            aycof = -0.5 * gravity.j3oj2 * sinip
            let denominator = abs(cosip + 1) > 1.5e-12 ? 1 + cosip : 1.5e-12
            xlcof = -0.25 * gravity.j3oj2 * sinip * (3 + 5 * cosip) / denominator
            let cosisq = cosip * cosip
            (con41, x1mth2, x7thm1) = (3 * cosisq - 1, 1 - cosisq, 7 * cosisq - 1)
        }

        // Long-period periodics.
        let axnl = ep * cos(argpp)
        var temp = 1 / (am * (1 - ep * ep))
        let aynl = ep * sin(argpp) + temp * aycof
        let xl = mp + argpp + nodep + temp * xlcof * axnl

        // Kepler's equation.
        let u = (xl - nodep).truncatingRemainder(dividingBy: twoPi)
        var eo1 = u
        var tem5 = 9999.9
        var (sineo1, coseo1) = (0.0, 0.0)
        for _ in 1...10 where abs(tem5) >= 1e-12 {
            sineo1 = sin(eo1)
            coseo1 = cos(eo1)
            tem5 = (u - aynl * coseo1 + axnl * sineo1 - eo1) / (1 - coseo1 * axnl - sineo1 * aynl)
            tem5 = max(-0.95, min(0.95, tem5))
            eo1 += tem5
        }

        // Short-period periodics.
        let ecose = axnl * coseo1 + aynl * sineo1
        let esine = axnl * sineo1 - aynl * coseo1
        let el2 = axnl * axnl + aynl * aynl
        let pl = am * (1 - el2)
        guard pl >= 0 else { throw .semiLatusRectum(pl) }
        let rl = am * (1 - ecose)
        let rdotl = am.squareRoot() * esine / rl
        let rvdotl = pl.squareRoot() / rl
        let betal = (1 - el2).squareRoot()
        temp = esine / (1 + betal)
        let sinu = am / rl * (sineo1 - aynl - axnl * temp)
        let cosu = am / rl * (coseo1 - axnl + aynl * temp)
        var su = atan2(sinu, cosu)
        let sin2u = (cosu + cosu) * sinu
        let cos2u = 1 - 2 * sinu * sinu
        temp = 1 / pl
        let temp1 = 0.5 * j2 * temp
        let temp2 = temp1 * temp
        let mrt = rl * (1 - 1.5 * temp2 * betal * con41) + 0.5 * temp1 * x1mth2 * cos2u
        su = su - 0.25 * temp2 * x7thm1 * sin2u
        let xnode = nodep + 1.5 * temp2 * cosip * sin2u
        let xinc = xincp + 1.5 * temp2 * cosip * sinip * cos2u
        let mvt = rdotl - nm * temp1 * x1mth2 * sin2u / xke
        let rvdot = rvdotl + nm * temp1 * (x1mth2 * cos2u + 1.5 * con41) / xke

        // Orientation.
        let (sinsu, cossu, snod, cnod) = (sin(su), cos(su), sin(xnode), cos(xnode))
        let (sini, cosi) = (sin(xinc), cos(xinc))
        let xmx = -snod * cosi
        let xmy = cnod * cosi
        let unit = Vector3(xmx * sinsu + cnod * cossu, xmy * sinsu + snod * cossu, sini * sinsu)
        let along = Vector3(xmx * cossu - cnod * sinsu, xmy * cossu - snod * sinsu, sini * cossu)
        let re = gravity.radius
        let kmPerSecond = re * xke / 60
        guard mrt >= 1 else { throw .decayed(radiusKm: mrt * re) }
        return ((mrt * re) * unit, kmPerSecond * (mvt * unit + rvdot * along))
    }
}
