'''python-dbusmock template standing in for a desktop's own inhibitor service (test_desktop.py), one of three, chosen
by $NC_INHIBITOR: "portal" (org.freedesktop.portal.Desktop, interface org.freedesktop.portal.Inhibit: Inhibit(s
window, u flags, a{sv} options) -> o handle, released by org.freedesktop.portal.Request.Close on the handle),
"gnome-session" (org.gnome.SessionManager: Inhibit(s app_id, u toplevel_xid, s reason, u flags) -> u cookie,
Uninhibit(u)) or "power-management" (org.freedesktop.PowerManagement /org/freedesktop/PowerManagement/Inhibit:
Inhibit(s application, s reason) -> u cookie, UnInhibit(u)).

The mock interface's Held() gives what is held now and Log() every Inhibit and release received, each as JSON.
Parameter "refuse": an error message every Inhibit is answered with (a service that is there but refuses).
'''

import json
import os

import dbus

from dbusmock import MOCK_IFACE

KIND = os.environ.get("NC_INHIBITOR", "portal")
BUS_NAME, MAIN_OBJ, MAIN_IFACE = {
    "portal": ("org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Inhibit"),
    "gnome-session": ("org.gnome.SessionManager", "/org/gnome/SessionManager", "org.gnome.SessionManager"),
    "power-management": ("org.freedesktop.PowerManagement", "/org/freedesktop/PowerManagement/Inhibit",
                         "org.freedesktop.PowerManagement.Inhibit"),
}[KIND]
SYSTEM_BUS = False

STATE = {"held": {}, "log": [], "next": 1, "refuse": None}


def load(mock, parameters):
    STATE["refuse"] = parameters.get("refuse")
    if KIND == "portal":
        mock.AddMethod(MAIN_IFACE, "Inhibit", "sua{sv}", "o", _portal_inhibit)
    elif KIND == "gnome-session":
        mock.AddMethod(MAIN_IFACE, "Inhibit", "susu", "u", _gnome_inhibit)
        mock.AddMethod(MAIN_IFACE, "Uninhibit", "u", "", _uninhibit("Uninhibit"))
    else:
        mock.AddMethod(MAIN_IFACE, "Inhibit", "ss", "u", _pm_inhibit)
        mock.AddMethod(MAIN_IFACE, "UnInhibit", "u", "", _uninhibit("UnInhibit"))


def _take(args, reason):
    STATE["log"].append(["Inhibit", [_plain(a) for a in args]])
    if STATE["refuse"]:
        raise dbus.exceptions.DBusException(STATE["refuse"], name="org.freedesktop.DBus.Error.AccessDenied")
    key = STATE["next"]
    STATE["next"] += 1
    STATE["held"][key] = str(reason)
    return key


def _portal_inhibit(mock, window, flags, options):
    key = _take([window, flags, options], options.get("reason", ""))
    handle = f"{MAIN_OBJ}/request/noised/t{key}"

    def close(request):
        STATE["log"].append(["Close", [handle]])
        STATE["held"].pop(key, None)

    mock.AddObject(handle, "org.freedesktop.portal.Request", {}, [("Close", "", "", close)])
    return dbus.ObjectPath(handle)


def _gnome_inhibit(mock, app_id, xid, reason, flags):
    return dbus.UInt32(_take([app_id, xid, reason, flags], reason))


def _pm_inhibit(mock, application, reason):
    return dbus.UInt32(_take([application, reason], reason))


def _uninhibit(name):
    def uninhibit(mock, cookie):
        STATE["log"].append([name, [int(cookie)]])
        if int(cookie) not in STATE["held"]:
            raise dbus.exceptions.DBusException(f"no inhibitor {cookie}", name="org.freedesktop.DBus.Error.InvalidArgs")
        del STATE["held"][int(cookie)]
    return uninhibit


def _plain(value):
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, str):
        return str(value)
    return int(value)


@dbus.service.method(MOCK_IFACE, in_signature="", out_signature="s")
def Held(_):
    return json.dumps([[k, why] for k, why in STATE["held"].items()])


@dbus.service.method(MOCK_IFACE, in_signature="", out_signature="s")
def Log(_):
    return json.dumps(STATE["log"])
