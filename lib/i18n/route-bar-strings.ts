/** The popup's route line (no token connected: Off, or site rules only): its chunk's own words. */
export const routeBarStrings = {
  name: "routeBar",
  en: {
    routeLabel: "Where traffic goes",
    routeOff: "Off: every site goes direct, site rules included.",
    routeNoToken: "No token chosen: sites go direct unless a site rule routes them.",
    turnOn: "Turn on",
    turnOnLabel: "Turn on: connect token #{id} again",
    turnOff: "Off",
    turnOffLabel: "Turn off: every site goes direct, site rules included",
  },
};
