/* vksplit_parameters_status: the status a plan's GPU check wrote, read back, as an error: the
 * device parameters' (src/record/record_parameters.c) or the rows' (src/record/record_rows.c). */
#include "record/record_parameters.h"
#include "record/record_rows.h"
#include "plan/plan_convert.h"

vksplit_result vksplit_parameters_status(const vksplit_plan* plan, const uint32_t* words, vksplit_error* error)
{
    if (!plan || !words)
        return VKSPLIT__FAIL0(error, PARAMETERS_STATUS_NULL);
    if (plan->convert) { /* a converting plan: its check's plan, the plain one of its request, reads it */
        const vksplit_plan* check = plan->convert->shadow ? plan->convert->shadow : plan->convert->rows_shadow;
        if (!check || !check->parameter_bytes)
            return VKSPLIT__FAIL0(error, PARAMETERS_STATUS_PLAN);
        plan = check;
    }
    if (plan->device_parameters) /* on the device copy or the rows kernels: one layout */
        return vksplit__device_status(plan, words, error);
    if (plan->rows_mode && plan->parameter_bytes)
        return vksplit__rows_status(plan, words, error);
    return VKSPLIT__FAIL0(error, PARAMETERS_STATUS_PLAN);
}
