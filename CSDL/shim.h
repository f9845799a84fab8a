#ifndef CSDL_SHIM_H
#define CSDL_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_syswm.h>

// Macros Swift cannot import, exposed as constants.
static const int CSDL_WINDOWPOS_CENTERED = SDL_WINDOWPOS_CENTERED;
static const int CSDL_WINDOWPOS_UNDEFINED = SDL_WINDOWPOS_UNDEFINED;
static const Uint32 CSDL_BUTTON_LMASK = SDL_BUTTON_LMASK;
static const Uint32 CSDL_TOUCH_MOUSEID = SDL_TOUCH_MOUSEID;
static const Uint32 CSDL_PIXELFORMAT_ARGB8888 = SDL_PIXELFORMAT_ARGB8888;

// The raw X11 event behind an SDL_SYSWMEVENT, reduced to what the window needs: its kind and the
// X server's time (ms). The XEvent union is read here, in C, so Swift never sees Xlib's types.
typedef enum {
    CSDL_X11_OTHER = 0,          // not an X11 event, or one without a time the window uses
    CSDL_X11_MOTION = 1,         // MotionNotify
    CSDL_X11_BUTTON_PRESS = 2,   // ButtonPress (the wheel's notches included)
    CSDL_X11_BUTTON_RELEASE = 3, // ButtonRelease
    CSDL_X11_TIMESTAMP = 4       // another event carrying a server time (PropertyNotify, crossing, key)
} CSDL_X11EventKind;

static inline CSDL_X11EventKind CSDL_X11EventTime(const SDL_Event *event, Uint32 *serverMs) {
#if defined(SDL_VIDEO_DRIVER_X11)
    if (event->type != SDL_SYSWMEVENT || event->syswm.msg == NULL || event->syswm.msg->subsystem != SDL_SYSWM_X11) {
        return CSDL_X11_OTHER;
    }
    const XEvent *x = &event->syswm.msg->msg.x11.event;
    switch (x->type) {
    case MotionNotify: *serverMs = (Uint32)x->xmotion.time; return CSDL_X11_MOTION;
    case ButtonPress: *serverMs = (Uint32)x->xbutton.time; return CSDL_X11_BUTTON_PRESS;
    case ButtonRelease: *serverMs = (Uint32)x->xbutton.time; return CSDL_X11_BUTTON_RELEASE;
    case PropertyNotify: *serverMs = (Uint32)x->xproperty.time; return CSDL_X11_TIMESTAMP;
    case EnterNotify: case LeaveNotify: *serverMs = (Uint32)x->xcrossing.time; return CSDL_X11_TIMESTAMP;
    case KeyPress: case KeyRelease: *serverMs = (Uint32)x->xkey.time; return CSDL_X11_TIMESTAMP;
    default: return CSDL_X11_OTHER;
    }
#else
    (void)event; (void)serverMs;
    return CSDL_X11_OTHER;
#endif
}

// Asks the X server for a timestamp: appends nothing to a property of the window, which makes the
// server send a PropertyNotify carrying its current time (the ICCCM way to get a server time).
// Returns 0 when the window is not an X11 window.
static inline int CSDL_X11RequestTimestamp(SDL_Window *window) {
#if defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) { return 0; }
    Display *display = info.info.x11.display;
    Atom atom = XInternAtom(display, "SCROLLLAB_TIMESTAMP", False);
    XChangeProperty(display, info.info.x11.window, atom, atom, 8, PropModeAppend, NULL, 0);
    XFlush(display);
    return 1;
#else
    (void)window;
    return 0;
#endif
}

#endif
