#include "CX11Time.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <stdatomic.h>

CX11EventKind cx11_event_time(const void *sdlEvent, uint32_t *serverMs) {
#if defined(SDL_VIDEO_DRIVER_X11)
    const SDL_Event *event = (const SDL_Event *)sdlEvent;
    if (event->type != SDL_SYSWMEVENT || event->syswm.msg == NULL || event->syswm.msg->subsystem != SDL_SYSWM_X11) {
        return CX11_OTHER;
    }
    const XEvent *x = &event->syswm.msg->msg.x11.event;
    switch (x->type) {
    case MotionNotify: *serverMs = (uint32_t)x->xmotion.time; return CX11_MOTION;
    case ButtonPress: *serverMs = (uint32_t)x->xbutton.time; return CX11_BUTTON_PRESS;
    case ButtonRelease: *serverMs = (uint32_t)x->xbutton.time; return CX11_BUTTON_RELEASE;
    case PropertyNotify: *serverMs = (uint32_t)x->xproperty.time; return CX11_TIMESTAMP;
    case EnterNotify: case LeaveNotify: *serverMs = (uint32_t)x->xcrossing.time; return CX11_TIMESTAMP;
    case KeyPress: case KeyRelease: *serverMs = (uint32_t)x->xkey.time; return CX11_TIMESTAMP;
    default: return CX11_OTHER;
    }
#else
    (void)sdlEvent; (void)serverMs;
    return CX11_OTHER;
#endif
}

#if defined(SDL_VIDEO_DRIVER_X11)
// Appending nothing to a property of the window makes the server send a PropertyNotify carrying its
// current time (the ICCCM way to get a server time). Matches that event of `cx11_probe_timestamp`'s property on its window.
static Bool cx11_is_probe(Display *display, XEvent *event, XPointer arg) {
    (void)display;
    const XPropertyEvent *wanted = (const XPropertyEvent *)arg;
    return event->type == PropertyNotify && event->xproperty.window == wanted->window
        && event->xproperty.atom == wanted->atom;
}
#endif

int cx11_probe_timestamp(void *sdlWindow, uint32_t *serverMs) {
#if defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdlWindow, &info) || info.subsystem != SDL_SYSWM_X11) { return 0; }
    Display *display = info.info.x11.display;
    XPropertyEvent wanted = { 0 };
    wanted.window = info.info.x11.window;
    wanted.atom = XInternAtom(display, "SCROLLLAB_TIMESTAMP", False);
    XChangeProperty(display, wanted.window, wanted.atom, wanted.atom, 8, PropModeAppend, NULL, 0);
    // A round trip: the server sends the PropertyNotify before its reply, so it is queued when XSync
    // returns. Only that event is taken; everything else stays queued for SDL.
    XSync(display, False);
    XEvent event;
    if (!XCheckIfEvent(display, &event, cx11_is_probe, (XPointer)&wanted)) { return 1; }
    *serverMs = (uint32_t)event.xproperty.time;
    return 2;
#else
    (void)sdlWindow; (void)serverMs;
    return 0;
#endif
}

#if defined(SDL_VIDEO_DRIVER_X11)
// Xlib's error handlers are process-wide by design: the global state here is what they record for the
// window's loop to take once a frame (an error code; whether the connection was lost).
static atomic_int cx11_last_error = 0;
static atomic_int cx11_lost = 0;

static int cx11_record_error(Display *display, XErrorEvent *error) {
    (void)display;
    atomic_store(&cx11_last_error, error->error_code ? error->error_code : 1);
    return 0;
}

// A lost connection: noted. Xlib then calls the exit handler below, which returns instead of exiting:
// the display is marked dead, its later calls return at once, and the loop ends at its next frame.
static int cx11_record_io_error(Display *display) {
    (void)display;
    atomic_store(&cx11_lost, 1);
    return 0;
}

static void cx11_survive_io_error(Display *display, void *data) {
    (void)display; (void)data;
    atomic_store(&cx11_lost, 1);
}
#endif

void cx11_catch_errors(void *sdlWindow) {
#if defined(SDL_VIDEO_DRIVER_X11)
    XSetErrorHandler(cx11_record_error);
    XSetIOErrorHandler(cx11_record_io_error);
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (SDL_GetWindowWMInfo((SDL_Window *)sdlWindow, &info) && info.subsystem == SDL_SYSWM_X11) {
        XSetIOErrorExitHandler(info.info.x11.display, cx11_survive_io_error, NULL);
    }
#else
    (void)sdlWindow;
#endif
}

int cx11_display_lost(void) {
#if defined(SDL_VIDEO_DRIVER_X11)
    return atomic_load(&cx11_lost);
#else
    return 0;
#endif
}

int cx11_take_error(void) {
#if defined(SDL_VIDEO_DRIVER_X11)
    return atomic_exchange(&cx11_last_error, 0);
#else
    return 0;
#endif
}
