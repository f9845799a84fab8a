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

// Appends nothing to a property of the window, which makes the server send a PropertyNotify carrying
// its current time (the ICCCM way to get a server time).
int cx11_request_timestamp(void *sdlWindow) {
#if defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdlWindow, &info) || info.subsystem != SDL_SYSWM_X11) { return 0; }
    Display *display = info.info.x11.display;
    Atom atom = XInternAtom(display, "SCROLLLAB_TIMESTAMP", False);
    XChangeProperty(display, info.info.x11.window, atom, atom, 8, PropModeAppend, NULL, 0);
    XFlush(display);
    return 1;
#else
    (void)sdlWindow;
    return 0;
#endif
}

#if defined(SDL_VIDEO_DRIVER_X11)
// Xlib's error handler is process-wide by design: the one piece of global state here, an error code
// the window's loop takes once a frame.
static atomic_int cx11_last_error = 0;

static int cx11_record_error(Display *display, XErrorEvent *error) {
    (void)display;
    atomic_store(&cx11_last_error, error->error_code ? error->error_code : 1);
    return 0;
}
#endif

void cx11_catch_errors(void) {
#if defined(SDL_VIDEO_DRIVER_X11)
    XSetErrorHandler(cx11_record_error);
#endif
}

int cx11_take_error(void) {
#if defined(SDL_VIDEO_DRIVER_X11)
    return atomic_exchange(&cx11_last_error, 0);
#else
    return 0;
#endif
}
