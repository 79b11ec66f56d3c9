import { AppError, validationError } from '../../shared/errors.js';
import { STRUCTURE_NAMES } from './response-structure.js';

export const projectNotFound = () => new AppError(404, 'projects.project_not_found', 'Project not found');
export const rowNotFound = () => new AppError(404, 'projects.row_not_found', 'Row not found');
export const columnNotFound = () => new AppError(404, 'projects.column_not_found', 'Column not found');
export const badResponseStructure = (input: unknown) =>
  validationError([
    { type: 'value_error', loc: ['body', 'response_structure'], msg: `Value error, response_structure must be one of ${STRUCTURE_NAMES}`, input },
  ]);
export const blankField = (field: string, input: unknown) =>
  validationError([{ type: 'string_too_short', loc: ['body', field], msg: 'String should have at least 1 character', input, ctx: { min_length: 1 } }]);
