// Types of the plain-JavaScript hook next.config.js installs (socket-address-hook.mjs).
export declare const SOCKET_ADDRESS_HEADER: "x-tradeoff-socket-address";
export declare function installSocketAddressHook(): void;
