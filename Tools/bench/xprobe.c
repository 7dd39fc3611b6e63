/* Watches another program's window from outside, the same way for any X11 toolkit, for the
 * side-by-side benchmark (Tools/bench/remote.py):
 *   - when it paints: a DAMAGE event each time its window's contents change;
 *   - how long its main loop stalls: a _NET_WM_PING every 5 ms (what a window manager sends to
 *     see whether a program is alive). GTK 3 and GTK 4 answer it from their main loop, so the time
 *     to the answer is how long the loop was busy with something else.
 * Answering 200 pings a second costs the watched program CPU of its own, so pings start only on
 * SIGUSR1: CPU is measured before, stalls after (Tools/bench/remote.py).
 * Usage: xprobe PID OUTPUT T0_MS
 *   finds the mapped top-level window whose _NET_WM_PID is PID and that takes pings, then writes
 *   "W t", "D t" (damage) and "P t latency" (ping sent at t, answered latency ms later) lines,
 *   times in ms since T0_MS on CLOCK_MONOTONIC. Ends when PID does or on SIGTERM.
 */
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/extensions/Xdamage.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static volatile sig_atomic_t stopping, pinging;
static void on_term(int sig) { (void)sig; stopping = 1; }
static void on_usr1(int sig) { (void)sig; pinging = 1; }

static double now_ms(double t0) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6 - t0;
}

static int ignore_errors(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }

static int window_pid(Display *d, Window w, Atom pid_atom) {
    Atom type; int format; unsigned long n, after; unsigned char *data = NULL; int pid = -1;
    if (XGetWindowProperty(d, w, pid_atom, 0, 1, False, XA_CARDINAL, &type, &format, &n, &after, &data) == Success
        && data && n == 1 && format == 32)
        pid = (int)*(unsigned long *)data;
    if (data) XFree(data);
    return pid;
}

static int takes_pings(Display *d, Window w, Atom ping) {
    Atom *protocols = NULL; int count = 0, found = 0;
    if (XGetWMProtocols(d, w, &protocols, &count)) {
        for (int i = 0; i < count; i++) if (protocols[i] == ping) found = 1;
        XFree(protocols);
    }
    return found;
}

static Window find_window(Display *d, Window root, int pid, Atom pid_atom, Atom ping) {
    Window parent, *children = NULL, found = 0; unsigned int n = 0;
    if (!XQueryTree(d, root, &root, &parent, &children, &n)) return 0;
    for (unsigned int i = 0; i < n && !found; i++) {
        XWindowAttributes attributes;
        if (!XGetWindowAttributes(d, children[i], &attributes) || attributes.map_state != IsViewable) continue;
        if (window_pid(d, children[i], pid_atom) == pid && takes_pings(d, children[i], ping)) found = children[i];
    }
    if (children) XFree(children);
    return found;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: xprobe PID OUTPUT T0_MS\n"); return 2; }
    int pid = atoi(argv[1]);
    double t0 = atof(argv[3]);
    FILE *out = fopen(argv[2], "w");
    Display *d = XOpenDisplay(NULL);
    if (!out || !d) { fprintf(stderr, "xprobe: no output file or no display\n"); return 1; }
    setvbuf(out, NULL, _IOLBF, 0);
    signal(SIGTERM, on_term);
    signal(SIGINT, on_term);
    signal(SIGUSR1, on_usr1);
    XSetErrorHandler(ignore_errors);
    int damage_event, damage_error;
    if (!XDamageQueryExtension(d, &damage_event, &damage_error)) { fprintf(stderr, "xprobe: no DAMAGE extension\n"); return 1; }
    Window root = DefaultRootWindow(d);
    Atom pid_atom = XInternAtom(d, "_NET_WM_PID", False), protocols = XInternAtom(d, "WM_PROTOCOLS", False);
    Atom ping = XInternAtom(d, "_NET_WM_PING", False);
    XSelectInput(d, root, SubstructureNotifyMask); /* the answers come back to the root window */

    Window window = 0;
    while (!window && !stopping) {
        if (kill(pid, 0) != 0 && errno == ESRCH) return 0;
        window = find_window(d, root, pid, pid_atom, ping);
        if (!window) { struct timespec pause = {0, 10 * 1000000}; nanosleep(&pause, NULL); }
    }
    if (!window) return 0;
    fprintf(out, "W %.1f\n", now_ms(t0));
    Damage damage = XDamageCreate(d, window, XDamageReportNonEmpty);
    XFlush(d);

    long serial = 0, outstanding = 0;
    double sent_at = 0, next_ping = now_ms(t0);
    while (!stopping) {
        double t = now_ms(t0);
        if (pinging && !outstanding && t >= next_ping) {
            XEvent message = {0};
            message.xclient.type = ClientMessage;
            message.xclient.window = window;
            message.xclient.message_type = protocols;
            message.xclient.format = 32;
            message.xclient.data.l[0] = (long)ping;
            message.xclient.data.l[1] = ++serial; /* echoed back: which ping this is */
            message.xclient.data.l[2] = (long)window;
            XSendEvent(d, window, False, NoEventMask, &message);
            XFlush(d);
            outstanding = serial;
            sent_at = t;
        }
        while (XPending(d)) {
            XEvent event;
            XNextEvent(d, &event);
            double at = now_ms(t0);
            if (event.type == damage_event + XDamageNotify) {
                XDamageSubtract(d, damage, None, None);
                fprintf(out, "D %.1f\n", at);
            } else if (event.type == ClientMessage && (Atom)event.xclient.data.l[0] == ping
                       && event.xclient.data.l[1] == outstanding) {
                fprintf(out, "P %.1f %.2f\n", sent_at, at - sent_at);
                outstanding = 0;
                next_ping = sent_at + 5;
            } else if (event.type == DestroyNotify && event.xdestroywindow.window == window) {
                stopping = 1;
            }
        }
        if (kill(pid, 0) != 0 && errno == ESRCH) break;
        struct pollfd fd = {ConnectionNumber(d), POLLIN, 0};
        double wait = !pinging ? 50 : outstanding ? 50 : next_ping - now_ms(t0);
        poll(&fd, 1, wait < 0 ? 0 : (int)wait + 1);
    }
    if (outstanding) fprintf(out, "P %.1f %.2f unanswered\n", sent_at, now_ms(t0) - sent_at);
    fclose(out);
    return 0;
}
