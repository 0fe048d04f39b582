import type { StudentPlacesResponse } from '@servery/contracts/settings-delivery-form';
import { placesLeftUnlisted, type PlaceLeft } from '@servery/domain/school-order';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { draftHeaders, type StaffDraftCaller } from '../../staff-draft/draft-api';
import type { DeliveryFile, FileSchool } from './delivery-file';

/**
 * How many saved students are at each school, grade, classroom and teacher (GET
 * /api/staff/students/places), for a person who may change the lists; null while it loads, if it
 * fails, or for the kitchen (the form saves without it: the question is a help, the lists stay theirs).
 */
export function useStudentPlaces(caller: StaffDraftCaller, enabled: boolean): StudentPlacesResponse['places'] | null {
  const query = useQuery({
    queryKey: queryKeys.staff.studentPlaces(caller.slug, caller.credentials.userId),
    queryFn: ({ signal }) =>
      caller.client.get<StudentPlacesResponse>('/api/staff/students/places', { headers: draftHeaders(caller), signal }),
    enabled,
    select: (answer) => answer.places,
  });
  return query.data ?? null;
}

const lists = (schools: FileSchool[] | undefined) =>
  (schools ?? []).map((school) => ({
    name: school.name,
    grades: school.grades ?? '',
    classrooms: school.classrooms ?? '',
    teachers: school.teachers ?? '',
  }));

/** What saving `next` over `file` would leave students without (domain `placesLeftUnlisted`). */
export function studentsLeft(places: StudentPlacesResponse['places'] | null, file: DeliveryFile, next: DeliveryFile): PlaceLeft[] {
  if (!places || places.length === 0) return [];
  return placesLeftUnlisted(places, lists(file.delivery?.schools), lists(next.delivery?.schools));
}
