/** The DOM id of a questionnaire part's field (focused when the part is in error). */
export const partDomId = (partId: string) => `form-part-${partId}`;
