// The class behind a code is fetched on the names page and reused on the
// pictures page, so a child's tap does not wait for the same request twice.
import { getStudentLoginClass } from "../../api/endpoints";
import type { StudentLoginClass } from "../../api/types";

const cache = new Map<string, Promise<StudentLoginClass>>();

export function loadLoginClass(code: string): Promise<StudentLoginClass> {
  let p = cache.get(code);
  if (!p) {
    p = getStudentLoginClass(code);
    cache.set(code, p);
    p.catch(() => cache.delete(code));
  }
  return p;
}

export function forgetLoginClass(code?: string): void {
  if (code) cache.delete(code);
  else cache.clear();
}
