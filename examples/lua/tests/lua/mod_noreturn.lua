-- module used by 184_req_missing.lua: returns nothing, sets a global
MOD_NORETURN_VALUE = 99
