/**
 * The self-signed certificate of the test servers that speak HTTPS (the echo site's secure
 * twin, the sandbox's list server), for 127.0.0.1 and every `.test` name. Made once per
 * process: each new key cost ~180 ms of CPU, and the suites start a sandbox for nearly every
 * test. Browsers and clients are told to accept it; none checks it.
 */
import { generate } from "selfsigned";

let made: Promise<{ key: string; cert: string }> | undefined;

export function testCertificate(): Promise<{ key: string; cert: string }> {
  made ??= generate([{ name: "commonName", value: "127.0.0.1" }], {
    extensions: [
      {
        name: "subjectAltName",
        altNames: [
          { type: 7, ip: "127.0.0.1" },
          { type: 2, value: "*.test" },
        ],
      },
    ],
  }).then((pems) => ({ key: pems.private, cert: pems.cert }));
  return made;
}
