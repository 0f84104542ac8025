// The avatars of a match's players by user id: a child reads their class (GET /api/my/classmates/),
// the teacher watching reads the class's live view (it has the same avatars).
import { useQuery } from "@tanstack/react-query";
import { getClassLive } from "../api/endpoints";
import { queryKeys } from "../api/queryKeys";
import { useAuth } from "../auth";
import { avatarFromRoster, type AvatarChoice } from "../components/Avatar";
import { useClassmates } from "./useClassmates";

export function useSeatAvatars(classroomId: number | undefined): Map<number, AvatarChoice | null> {
  const { me } = useAuth();
  const classmates = useClassmates();
  const teacher = me?.role === "teacher" && classroomId !== undefined;
  const live = useQuery({
    queryKey: queryKeys.classLive(classroomId ?? 0),
    queryFn: ({ signal }) => getClassLive(classroomId!, signal),
    enabled: teacher,
  });
  if (teacher) return new Map((live.data?.students ?? []).map((s) => [s.user_id, avatarFromRoster(s)]));
  return new Map([...classmates].map(([userId, c]) => [userId, c.avatar ?? null]));
}
