/**
 * The Ironic API's types as `openapi-typescript` generates them from `GET /v1/openapi.json`: do not edit.
 * Regenerate with `UPDATE_CLIENT_TYPES=1 jt apps/gateway/src/openapi/openapi.int.spec.ts`; that test fails while this file is out of date.
 */
export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Root */
        get: operations["Root_root"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health */
        get: operations["Ops_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Scrape */
        get: operations["Metrics_scrape"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ready */
        get: operations["Ops_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** V1 */
        get: operations["Root_v1"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/{collection}/{uuid}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Resource events */
        get: operations["Audit_resourceEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/rebuild": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rebuild */
        post: operations["Ops_rebuild"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/allocations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List
         * @description Available from microversion 1.52 (send `X-OpenStack-Ironic-API-Version: 1.52` or later).
         */
        get: operations["Allocations_list"];
        put?: never;
        /**
         * Create
         * @description Available from microversion 1.52 (send `X-OpenStack-Ironic-API-Version: 1.52` or later).
         */
        post: operations["Allocations_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/allocations/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show
         * @description Available from microversion 1.52 (send `X-OpenStack-Ironic-API-Version: 1.52` or later).
         */
        get: operations["Allocations_show"];
        put?: never;
        post?: never;
        /**
         * Remove
         * @description Available from microversion 1.52 (send `X-OpenStack-Ironic-API-Version: 1.52` or later).
         */
        delete: operations["Allocations_remove"];
        options?: never;
        head?: never;
        /**
         * Update
         * @description Available from microversion 1.52 (send `X-OpenStack-Ironic-API-Version: 1.52` or later).
         */
        patch: operations["Allocations_update"];
        trace?: never;
    };
    "/v1/api-ref": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Api reference */
        get: operations["OpenApi_apiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chassis": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List */
        get: operations["Chassis_list"];
        put?: never;
        /** Create */
        post: operations["Chassis_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chassis/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show */
        get: operations["Chassis_show"];
        put?: never;
        post?: never;
        /** Remove */
        delete: operations["Chassis_remove"];
        options?: never;
        head?: never;
        /** Update */
        patch: operations["Chassis_update"];
        trace?: never;
    };
    "/v1/chassis/{uuid}/nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Nodes of */
        get: operations["Chassis_nodesOf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chassis/{uuid}/nodes/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Nodes detail of */
        get: operations["Chassis_nodesDetailOf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chassis/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Detail */
        get: operations["Chassis_detail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conductors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List
         * @description Available from microversion 1.49 (send `X-OpenStack-Ironic-API-Version: 1.49` or later).
         */
        get: operations["Fleet_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conductors/{hostname}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Conductor
         * @description Available from microversion 1.49 (send `X-OpenStack-Ironic-API-Version: 1.49` or later).
         */
        get: operations["Fleet_conductor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/continue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Continue */
        post: operations["Introspection_continue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deploy_templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List
         * @description Available from microversion 1.55 (send `X-OpenStack-Ironic-API-Version: 1.55` or later).
         */
        get: operations["DeployTemplates_list"];
        put?: never;
        /**
         * Create
         * @description Available from microversion 1.55 (send `X-OpenStack-Ironic-API-Version: 1.55` or later).
         */
        post: operations["DeployTemplates_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deploy_templates/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show
         * @description Available from microversion 1.55 (send `X-OpenStack-Ironic-API-Version: 1.55` or later).
         */
        get: operations["DeployTemplates_show"];
        put?: never;
        post?: never;
        /**
         * Remove
         * @description Available from microversion 1.55 (send `X-OpenStack-Ironic-API-Version: 1.55` or later).
         */
        delete: operations["DeployTemplates_remove"];
        options?: never;
        head?: never;
        /**
         * Update
         * @description Available from microversion 1.55 (send `X-OpenStack-Ironic-API-Version: 1.55` or later).
         */
        patch: operations["DeployTemplates_update"];
        trace?: never;
    };
    "/v1/drivers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Drivers */
        get: operations["Fleet_drivers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/drivers/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Driver */
        get: operations["Fleet_driver"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/drivers/{name}/properties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Properties */
        get: operations["Fleet_properties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/drivers/{name}/raid/logical_disk_properties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Raid properties
         * @description Available from microversion 1.12 (send `X-OpenStack-Ironic-API-Version: 1.12` or later).
         */
        get: operations["Fleet_raidProperties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/drivers/{name}/vendor_passthru": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Vendor call */
        get: operations["Fleet_vendorCall_get_1"];
        /** Vendor call */
        put: operations["Fleet_vendorCall_put_1"];
        /** Vendor call */
        post: operations["Fleet_vendorCall_post_1"];
        /** Vendor call */
        delete: operations["Fleet_vendorCall_delete_1"];
        options?: never;
        head?: never;
        /** Vendor call */
        patch: operations["Fleet_vendorCall_patch_1"];
        trace?: never;
    };
    "/v1/drivers/{name}/vendor_passthru/{method}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Vendor call */
        get: operations["Fleet_vendorCall_get_2"];
        /** Vendor call */
        put: operations["Fleet_vendorCall_put_2"];
        /** Vendor call */
        post: operations["Fleet_vendorCall_post_2"];
        /** Vendor call */
        delete: operations["Fleet_vendorCall_delete_2"];
        options?: never;
        head?: never;
        /** Vendor call */
        patch: operations["Fleet_vendorCall_patch_2"];
        trace?: never;
    };
    "/v1/drivers/{name}/vendor_passthru/methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Vendor methods */
        get: operations["Fleet_vendorMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Events
         * @description Available from microversion 1.54 (send `X-OpenStack-Ironic-API-Version: 1.54` or later).
         */
        get: operations["Audit_events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fleet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Summary */
        get: operations["FleetSummary_summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/heartbeat/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Heartbeat
         * @description Available from microversion 1.22 (send `X-OpenStack-Ironic-API-Version: 1.22` or later).
         */
        post: operations["Agent_heartbeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/introspection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List */
        get: operations["Introspection_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/introspection/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show */
        get: operations["Introspection_show"];
        put?: never;
        /** Start */
        post: operations["Introspection_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/introspection/{ident}/abort": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Abort */
        post: operations["Introspection_abort"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Lookup
         * @description Available from microversion 1.22 (send `X-OpenStack-Ironic-API-Version: 1.22` or later).
         */
        get: operations["Agent_lookup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List */
        get: operations["Nodes_list"];
        put?: never;
        /** Create */
        post: operations["Nodes_create"];
        /** Remove without ident */
        delete: operations["Nodes_removeWithoutIdent"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show */
        get: operations["Nodes_show"];
        /** Replace */
        put: operations["Nodes_replace"];
        /** Create at */
        post: operations["Nodes_createAt"];
        /** Remove */
        delete: operations["Nodes_remove"];
        options?: never;
        head?: never;
        /** Update */
        patch: operations["Nodes_update"];
        trace?: never;
    };
    "/v1/nodes/{ident}/{field}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Field */
        get: operations["Nodes_field"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/allocation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Of node
         * @description Available from microversion 1.52 (send `X-OpenStack-Ironic-API-Version: 1.52` or later).
         */
        get: operations["Allocations_ofNode"];
        put?: never;
        post?: never;
        /**
         * Remove of node
         * @description Available from microversion 1.52 (send `X-OpenStack-Ironic-API-Version: 1.52` or later).
         */
        delete: operations["Allocations_removeOfNode"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/bios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Bios
         * @description Available from microversion 1.40 (send `X-OpenStack-Ironic-API-Version: 1.40` or later).
         */
        get: operations["Management_bios"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/bios/{setting}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Bios setting
         * @description Available from microversion 1.40 (send `X-OpenStack-Ironic-API-Version: 1.40` or later).
         */
        get: operations["Management_biosSetting"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Node events */
        get: operations["Audit_nodeEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * History
         * @description Available from microversion 1.78 (send `X-OpenStack-Ironic-API-Version: 1.78` or later).
         */
        get: operations["Audit_history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/history/{record}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * History record
         * @description Available from microversion 1.78 (send `X-OpenStack-Ironic-API-Version: 1.78` or later).
         */
        get: operations["Audit_historyRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Inventory
         * @description Available from microversion 1.81 (send `X-OpenStack-Ironic-API-Version: 1.81` or later).
         */
        get: operations["Nodes_inventory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/maintenance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set maintenance */
        put: operations["Nodes_setMaintenance"];
        post?: never;
        /** Clear maintenance */
        delete: operations["Nodes_clearMaintenance"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/management": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Management root */
        get: operations["Management_managementRoot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/management/boot_device": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Boot device */
        get: operations["Management_bootDevice"];
        /** Set boot device */
        put: operations["Management_setBootDevice"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/management/boot_device/supported": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Supported boot devices */
        get: operations["Management_supportedBootDevices"];
        /** Set supported boot device */
        put: operations["Management_setSupportedBootDevice"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/management/indicators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Indicators */
        get: operations["Management_indicators"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/management/indicators/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Indicator state */
        get: operations["Management_indicatorState"];
        /** Set indicator state */
        put: operations["Management_setIndicatorState"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/management/indicators/{name}/{state}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set indicator state in path */
        put: operations["Management_setIndicatorStateInPath"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/management/inject_nmi": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Inject nmi
         * @description Available from microversion 1.29 (send `X-OpenStack-Ironic-API-Version: 1.29` or later).
         */
        put: operations["Management_injectNmi"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/portgroups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Node groups
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        get: operations["Portgroups_nodeGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/portgroups/{group}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Not under node
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        get: operations["Portgroups_notUnderNode_get"];
        /**
         * Not under node
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        put: operations["Portgroups_notUnderNode_put"];
        /**
         * Not under node
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        post: operations["Portgroups_notUnderNode_post"];
        /**
         * Not under node
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        delete: operations["Portgroups_notUnderNode_delete"];
        options?: never;
        head?: never;
        /**
         * Not under node
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        patch: operations["Portgroups_notUnderNode_patch"];
        trace?: never;
    };
    "/v1/nodes/{ident}/portgroups/{group}/ports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Not under parent
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        get: operations["Ports_notUnderParent_get_3"];
        /**
         * Not under parent
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        put: operations["Ports_notUnderParent_put_3"];
        /**
         * Not under parent
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        post: operations["Ports_notUnderParent_post_3"];
        /**
         * Not under parent
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        delete: operations["Ports_notUnderParent_delete_3"];
        options?: never;
        head?: never;
        /**
         * Not under parent
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        patch: operations["Ports_notUnderParent_patch_3"];
        trace?: never;
    };
    "/v1/nodes/{ident}/portgroups/{group}/ports/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Not under parent
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        get: operations["Ports_notUnderParent_get_4"];
        /**
         * Not under parent
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        put: operations["Ports_notUnderParent_put_4"];
        /**
         * Not under parent
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        post: operations["Ports_notUnderParent_post_4"];
        /**
         * Not under parent
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        delete: operations["Ports_notUnderParent_delete_4"];
        options?: never;
        head?: never;
        /**
         * Not under parent
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        patch: operations["Ports_notUnderParent_patch_4"];
        trace?: never;
    };
    "/v1/nodes/{ident}/portgroups/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Node groups detail
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        get: operations["Portgroups_nodeGroupsDetail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/ports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Node ports */
        get: operations["Ports_nodePorts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/ports/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Not under parent */
        get: operations["Ports_notUnderParent_get_1"];
        /** Not under parent */
        put: operations["Ports_notUnderParent_put_1"];
        /** Not under parent */
        post: operations["Ports_notUnderParent_post_1"];
        /** Not under parent */
        delete: operations["Ports_notUnderParent_delete_1"];
        options?: never;
        head?: never;
        /** Not under parent */
        patch: operations["Ports_notUnderParent_patch_1"];
        trace?: never;
    };
    "/v1/nodes/{ident}/ports/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Node ports detail */
        get: operations["Ports_nodePortsDetail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/states": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** States */
        get: operations["Nodes_states"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/states/boot_mode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set boot mode
         * @description Available from microversion 1.76 (send `X-OpenStack-Ironic-API-Version: 1.76` or later).
         */
        put: operations["Management_setBootMode"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/states/console": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Console */
        get: operations["Management_console"];
        /** Set console */
        put: operations["Management_setConsole"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/states/power": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Power */
        put: operations["Nodes_power"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/states/provision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Provision */
        put: operations["Nodes_provision"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/states/raid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set target raid config
         * @description Available from microversion 1.12 (send `X-OpenStack-Ironic-API-Version: 1.12` or later).
         */
        put: operations["Management_setTargetRaidConfig"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/states/secure_boot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set secure boot
         * @description Available from microversion 1.76 (send `X-OpenStack-Ironic-API-Version: 1.76` or later).
         */
        put: operations["Management_setSecureBoot"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/traits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List
         * @description Available from microversion 1.37 (send `X-OpenStack-Ironic-API-Version: 1.37` or later).
         */
        get: operations["NodeTraits_list"];
        /**
         * Replace
         * @description Available from microversion 1.37 (send `X-OpenStack-Ironic-API-Version: 1.37` or later).
         */
        put: operations["NodeTraits_replace"];
        post?: never;
        /**
         * Clear
         * @description Available from microversion 1.37 (send `X-OpenStack-Ironic-API-Version: 1.37` or later).
         */
        delete: operations["NodeTraits_clear"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/traits/{trait}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Add
         * @description Available from microversion 1.37 (send `X-OpenStack-Ironic-API-Version: 1.37` or later).
         */
        put: operations["NodeTraits_add"];
        post?: never;
        /**
         * Remove
         * @description Available from microversion 1.37 (send `X-OpenStack-Ironic-API-Version: 1.37` or later).
         */
        delete: operations["NodeTraits_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Validate node */
        get: operations["Nodes_validateNode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/vendor_passthru": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Vendor call */
        get: operations["Nodes_vendorCall_get_1"];
        /** Vendor call */
        put: operations["Nodes_vendorCall_put_1"];
        /** Vendor call */
        post: operations["Nodes_vendorCall_post_1"];
        /** Vendor call */
        delete: operations["Nodes_vendorCall_delete_1"];
        options?: never;
        head?: never;
        /** Vendor call */
        patch: operations["Nodes_vendorCall_patch_1"];
        trace?: never;
    };
    "/v1/nodes/{ident}/vendor_passthru/{method}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Vendor call */
        get: operations["Nodes_vendorCall_get_2"];
        /** Vendor call */
        put: operations["Nodes_vendorCall_put_2"];
        /** Vendor call */
        post: operations["Nodes_vendorCall_post_2"];
        /** Vendor call */
        delete: operations["Nodes_vendorCall_delete_2"];
        options?: never;
        head?: never;
        /** Vendor call */
        patch: operations["Nodes_vendorCall_patch_2"];
        trace?: never;
    };
    "/v1/nodes/{ident}/vendor_passthru/methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Vendor methods */
        get: operations["Nodes_vendorMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/vifs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List
         * @description Available from microversion 1.28 (send `X-OpenStack-Ironic-API-Version: 1.28` or later).
         */
        get: operations["Vifs_list"];
        put?: never;
        /**
         * Attach
         * @description Available from microversion 1.28 (send `X-OpenStack-Ironic-API-Version: 1.28` or later).
         */
        post: operations["Vifs_attach"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/vifs/{vif}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Detach
         * @description Available from microversion 1.28 (send `X-OpenStack-Ironic-API-Version: 1.28` or later).
         */
        delete: operations["Vifs_detach"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/volume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Node root
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        get: operations["Volume_nodeRoot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/volume/connectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Node connectors
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        get: operations["Volume_nodeConnectors"];
        put?: never;
        /**
         * Create under node
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        post: operations["Volume_createUnderNode_1"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/volume/connectors/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Connector under node
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        get: operations["Volume_connectorUnderNode"];
        put?: never;
        post?: never;
        /**
         * Remove under node
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        delete: operations["Volume_removeUnderNode_1"];
        options?: never;
        head?: never;
        /**
         * Update under node
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        patch: operations["Volume_updateUnderNode_1"];
        trace?: never;
    };
    "/v1/nodes/{ident}/volume/targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Node targets
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        get: operations["Volume_nodeTargets"];
        put?: never;
        /**
         * Create under node
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        post: operations["Volume_createUnderNode_2"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/{ident}/volume/targets/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Target under node
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        get: operations["Volume_targetUnderNode"];
        put?: never;
        post?: never;
        /**
         * Remove under node
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        delete: operations["Volume_removeUnderNode_2"];
        options?: never;
        head?: never;
        /**
         * Update under node
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        patch: operations["Volume_updateUnderNode_2"];
        trace?: never;
    };
    "/v1/nodes/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Detail */
        get: operations["Nodes_detail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/maintenance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy maintenance refused */
        get: operations["Nodes_legacyMaintenanceRefused_1"];
        /** Legacy put without node */
        put: operations["Nodes_legacyPutWithoutNode_2"];
        post?: never;
        /** Legacy delete without node */
        delete: operations["Nodes_legacyDeleteWithoutNode"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/maintenance/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy maintenance refused */
        get: operations["Nodes_legacyMaintenanceRefused_2"];
        /** Legacy set maintenance */
        put: operations["Nodes_legacySetMaintenance"];
        post?: never;
        /** Legacy clear maintenance */
        delete: operations["Nodes_legacyClearMaintenance"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/management": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy management refused */
        get: operations["Management_legacyManagementRefused_1"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/management/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy management refused */
        get: operations["Management_legacyManagementRefused_2"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/management/boot_device": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy without node */
        get: operations["Nodes_legacyWithoutNode_3"];
        /** Legacy put without node */
        put: operations["Nodes_legacyPutWithoutNode_1"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/management/boot_device/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy boot device */
        get: operations["Management_legacyBootDevice"];
        /** Legacy set boot device */
        put: operations["Management_legacySetBootDevice"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/management/boot_device/{ident}/supported": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy supported boot devices */
        get: operations["Management_legacySupportedBootDevices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/management/boot_device/supported": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy without node */
        get: operations["Nodes_legacyWithoutNode_4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/management/indicators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy indicators without node */
        get: operations["Management_legacyIndicatorsWithoutNode"];
        /** Legacy put without node */
        put: operations["Management_legacyPutWithoutNode_2"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/management/indicators/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy indicator without name */
        get: operations["Management_legacyIndicatorWithoutName"];
        /** Legacy set indicator without name */
        put: operations["Management_legacySetIndicatorWithoutName"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/management/indicators/{ident}/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy indicator state */
        get: operations["Management_legacyIndicatorState"];
        /** Legacy set indicator state */
        put: operations["Management_legacySetIndicatorState"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/management/inject_nmi": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Legacy put without node
         * @description Available from microversion 1.29 (send `X-OpenStack-Ironic-API-Version: 1.29` or later).
         */
        put: operations["Management_legacyPutWithoutNode_1"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/management/inject_nmi/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Legacy management refused
         * @description Available from microversion 1.29 (send `X-OpenStack-Ironic-API-Version: 1.29` or later).
         */
        get: operations["Management_legacyManagementRefused_3"];
        /**
         * Legacy inject nmi
         * @description Available from microversion 1.29 (send `X-OpenStack-Ironic-API-Version: 1.29` or later).
         */
        put: operations["Management_legacyInjectNmi"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/states": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy without node */
        get: operations["Nodes_legacyWithoutNode_1"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/states/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy states */
        get: operations["Nodes_legacyStates"];
        /** Legacy state action refused */
        put: operations["Nodes_legacyStateActionRefused_1"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/states/{ident}/{node}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Legacy state action refused */
        put: operations["Nodes_legacyStateActionRefused_2"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/states/boot_mode/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Legacy set boot mode
         * @description Available from microversion 1.76 (send `X-OpenStack-Ironic-API-Version: 1.76` or later).
         */
        put: operations["Management_legacySetBootMode"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/states/console": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy without node */
        get: operations["Nodes_legacyWithoutNode_2"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/states/console/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy console */
        get: operations["Management_legacyConsole"];
        /** Legacy set console */
        put: operations["Management_legacySetConsole"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/states/power/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Legacy power */
        put: operations["Nodes_legacyPower"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/states/provision/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Legacy provision */
        put: operations["Nodes_legacyProvision"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/states/raid/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Legacy set target raid config
         * @description Available from microversion 1.12 (send `X-OpenStack-Ironic-API-Version: 1.12` or later).
         */
        put: operations["Management_legacySetTargetRaidConfig"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/states/secure_boot/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Legacy set secure boot
         * @description Available from microversion 1.76 (send `X-OpenStack-Ironic-API-Version: 1.76` or later).
         */
        put: operations["Management_legacySetSecureBoot"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Validate by query */
        get: operations["Nodes_validateByQuery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/vendor_passthru": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy vendor call without node */
        get: operations["Nodes_legacyVendorCallWithoutNode_get"];
        /** Legacy vendor call without node */
        put: operations["Nodes_legacyVendorCallWithoutNode_put"];
        /** Legacy vendor call without node */
        post: operations["Nodes_legacyVendorCallWithoutNode_post"];
        /** Legacy vendor call without node */
        delete: operations["Nodes_legacyVendorCallWithoutNode_delete"];
        options?: never;
        head?: never;
        /** Legacy vendor call without node */
        patch: operations["Nodes_legacyVendorCallWithoutNode_patch"];
        trace?: never;
    };
    "/v1/nodes/vendor_passthru/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy vendor call */
        get: operations["Nodes_legacyVendorCall_get_1"];
        /** Legacy vendor call */
        put: operations["Nodes_legacyVendorCall_put_1"];
        /** Legacy vendor call */
        post: operations["Nodes_legacyVendorCall_post_1"];
        /** Legacy vendor call */
        delete: operations["Nodes_legacyVendorCall_delete_1"];
        options?: never;
        head?: never;
        /** Legacy vendor call */
        patch: operations["Nodes_legacyVendorCall_patch_1"];
        trace?: never;
    };
    "/v1/nodes/vendor_passthru/{ident}/{method}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy vendor call */
        get: operations["Nodes_legacyVendorCall_get_2"];
        /** Legacy vendor call */
        put: operations["Nodes_legacyVendorCall_put_2"];
        /** Legacy vendor call */
        post: operations["Nodes_legacyVendorCall_post_2"];
        /** Legacy vendor call */
        delete: operations["Nodes_legacyVendorCall_delete_2"];
        options?: never;
        head?: never;
        /** Legacy vendor call */
        patch: operations["Nodes_legacyVendorCall_patch_2"];
        trace?: never;
    };
    "/v1/nodes/vendor_passthru/{ident}/methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy vendor methods */
        get: operations["Nodes_legacyVendorMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nodes/vendor_passthru/methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy without node */
        get: operations["Nodes_legacyWithoutNode_5"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Open api */
        get: operations["OpenApi_openApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portgroups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        get: operations["Portgroups_list"];
        put?: never;
        /**
         * Create
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        post: operations["Portgroups_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portgroups/{ident}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        get: operations["Portgroups_show"];
        put?: never;
        post?: never;
        /**
         * Remove
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        delete: operations["Portgroups_remove"];
        options?: never;
        head?: never;
        /**
         * Update
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        patch: operations["Portgroups_update"];
        trace?: never;
    };
    "/v1/portgroups/{ident}/ports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Group ports
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        get: operations["Ports_groupPorts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portgroups/{ident}/ports/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Not under parent
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        get: operations["Ports_notUnderParent_get_2"];
        /**
         * Not under parent
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        put: operations["Ports_notUnderParent_put_2"];
        /**
         * Not under parent
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        post: operations["Ports_notUnderParent_post_2"];
        /**
         * Not under parent
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        delete: operations["Ports_notUnderParent_delete_2"];
        options?: never;
        head?: never;
        /**
         * Not under parent
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        patch: operations["Ports_notUnderParent_patch_2"];
        trace?: never;
    };
    "/v1/portgroups/{ident}/ports/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Group ports detail
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        get: operations["Ports_groupPortsDetail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portgroups/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Detail
         * @description Available from microversion 1.24 (send `X-OpenStack-Ironic-API-Version: 1.24` or later).
         */
        get: operations["Portgroups_detail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List */
        get: operations["Ports_list"];
        put?: never;
        /** Create */
        post: operations["Ports_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ports/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show */
        get: operations["Ports_show"];
        put?: never;
        post?: never;
        /** Remove */
        delete: operations["Ports_remove"];
        options?: never;
        head?: never;
        /** Update */
        patch: operations["Ports_update"];
        trace?: never;
    };
    "/v1/ports/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Detail */
        get: operations["Ports_detail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/shards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List
         * @description Available from microversion 1.82 (send `X-OpenStack-Ironic-API-Version: 1.82` or later).
         */
        get: operations["Shards_list"];
        /**
         * Put
         * @description Available from microversion 1.82 (send `X-OpenStack-Ironic-API-Version: 1.82` or later).
         */
        put: operations["Shards_put"];
        /**
         * Post
         * @description Available from microversion 1.82 (send `X-OpenStack-Ironic-API-Version: 1.82` or later).
         */
        post: operations["Shards_post"];
        /**
         * Delete
         * @description Available from microversion 1.82 (send `X-OpenStack-Ironic-API-Version: 1.82` or later).
         */
        delete: operations["Shards_delete"];
        options?: never;
        head?: never;
        /**
         * Patch
         * @description Available from microversion 1.82 (send `X-OpenStack-Ironic-API-Version: 1.82` or later).
         */
        patch: operations["Shards_patch"];
        trace?: never;
    };
    "/v1/shards/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Unknown
         * @description Available from microversion 1.82 (send `X-OpenStack-Ironic-API-Version: 1.82` or later).
         */
        get: operations["Shards_unknown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/volume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Root
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        get: operations["Volume_root"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/volume/connectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Connectors
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        get: operations["Volume_connectors"];
        put?: never;
        /**
         * Create connector
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        post: operations["Volume_createConnector"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/volume/connectors/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Connector
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        get: operations["Volume_connector"];
        put?: never;
        post?: never;
        /**
         * Remove connector
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        delete: operations["Volume_removeConnector"];
        options?: never;
        head?: never;
        /**
         * Update connector
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        patch: operations["Volume_updateConnector"];
        trace?: never;
    };
    "/v1/volume/targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Targets
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        get: operations["Volume_targets"];
        put?: never;
        /**
         * Create target
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        post: operations["Volume_createTarget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/volume/targets/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Target
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        get: operations["Volume_target"];
        put?: never;
        post?: never;
        /**
         * Remove target
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        delete: operations["Volume_removeTarget"];
        options?: never;
        head?: never;
        /**
         * Update target
         * @description Available from microversion 1.32 (send `X-OpenStack-Ironic-API-Version: 1.32` or later).
         */
        patch: operations["Volume_updateTarget"];
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            /** @description A JSON document in a string, as Ironic sends it: `{"faultcode", "faultstring", "debuginfo"}`, or for a refusal of the router or of version negotiation `{"code", "title", "description"}`. */
            error_message: string;
        };
        ApiVersion: {
            /** @constant */
            id: "v1";
            links: {
                /** Format: uri */
                href: string;
                /** @constant */
                rel: "self";
            }[];
            /** @constant */
            status: "CURRENT";
            /** @description The oldest microversion served. */
            min_version: string;
            /** @description The newest microversion served. */
            version: string;
        };
        ApiVersions: {
            name: string;
            description: string;
            default_version: components["schemas"]["ApiVersion"];
            versions: components["schemas"]["ApiVersion"][];
        };
        Health: {
            /** @constant */
            status: "ok";
        };
        /** @description Prometheus’ text exposition format. */
        PrometheusMetrics: string;
        Readiness: {
            ready: boolean;
            /** @description NATS is connected (not reconnecting). */
            nats: boolean;
            /** @description The read model follows the log. */
            projection: boolean;
            /** @description The read model reached the store’s last position within a second. */
            caught_up: boolean;
            /** @description The last position the read model holds. */
            position: number;
            nodes: number;
            /** @description The live conductors this gateway knows. */
            conductors: string[];
        };
        Links: {
            /** Format: uri */
            href: string;
            /** @enum {string} */
            rel: "self" | "bookmark";
        }[];
        ApiV1: {
            /** @constant */
            id: "v1";
            links: {
                /** Format: uri */
                href: string;
                rel: string;
                type?: string;
            }[];
            media_types: {
                base: string;
                type: string;
            };
            version: components["schemas"]["ApiVersion"];
            chassis?: components["schemas"]["Links"];
            nodes?: components["schemas"]["Links"];
            ports?: components["schemas"]["Links"];
            drivers?: components["schemas"]["Links"];
            /** @description From microversion 1.24. */
            portgroups?: components["schemas"]["Links"];
            /** @description From microversion 1.32. */
            volume?: components["schemas"]["Links"];
            /** @description From microversion 1.22. */
            lookup?: components["schemas"]["Links"];
            /** @description From microversion 1.22. */
            heartbeat?: components["schemas"]["Links"];
            /** @description From microversion 1.49. */
            conductors?: components["schemas"]["Links"];
            /** @description From microversion 1.52. */
            allocations?: components["schemas"]["Links"];
            /** @description From microversion 1.54. */
            events?: components["schemas"]["Links"];
            /** @description From microversion 1.55. */
            deploy_templates?: components["schemas"]["Links"];
            /** @description From microversion 1.82. */
            shards?: components["schemas"]["Links"];
        };
        LoggedEvent: {
            /** @description The event’s position in the whole log: the checkpoint to read on after (`after`, `Last-Event-ID`). */
            position: number;
            /** @enum {string} */
            kind: "node" | "chassis" | "allocation" | "deploy_template";
            /** @enum {string} */
            type: "NodeRegistered" | "NodeUpdated" | "NodeDeleted" | "ProvisionStateChanged" | "PowerActionStarted" | "PowerStateChanged" | "PowerActionFailed" | "PowerStateCorrected" | "PowerStateRestored" | "PowerSyncFailed" | "PowerSyncRecovered" | "MaintenanceSet" | "MaintenanceCleared" | "IntrospectionStarted" | "IntrospectionWaiting" | "InventoryProcessed" | "IntrospectionFinished" | "IntrospectionAborted" | "IntrospectionExpired" | "PortAdded" | "PortRemoved" | "NodeTraitsSet" | "NodeTraitAdded" | "NodeTraitRemoved" | "NodeAllocated" | "NodeDeallocated" | "InstanceCleared" | "PortUpdated" | "PortMovedOut" | "PortMovedIn" | "PortgroupAdded" | "PortgroupUpdated" | "PortgroupMovedOut" | "PortgroupMovedIn" | "PortgroupRemoved" | "VolumeConnectorAdded" | "VolumeConnectorUpdated" | "VolumeConnectorMovedOut" | "VolumeConnectorMovedIn" | "VolumeConnectorRemoved" | "VolumeTargetAdded" | "VolumeTargetUpdated" | "VolumeTargetMovedOut" | "VolumeTargetMovedIn" | "VolumeTargetRemoved" | "VifAttached" | "VifDetached" | "ManagementActionStarted" | "BootDeviceSet" | "NmiInjected" | "IndicatorSet" | "BootModeSet" | "SecureBootSet" | "ConsoleModeSet" | "VendorMethodCalled" | "RamdiskTornDown" | "ManagementActionFailed" | "TargetRaidConfigSet" | "BiosSettingsCached" | "BootModeCached" | "AgentTokenIssued" | "AgentHeartbeatRecorded" | "AgentCleared" | "BootConfigRecorded" | "StepsPlanned" | "StepStarted" | "StepFinished" | "RaidTasksSubmitted" | "ChassisCreated" | "ChassisUpdated" | "ChassisDeleted" | "AllocationCreated" | "AllocationSucceeded" | "AllocationFailed" | "AllocationUpdated" | "AllocationDeleted" | "DeployTemplateCreated" | "DeployTemplateUpdated" | "DeployTemplateDeleted";
            /** @description What the event records (its type decides the fields); secrets are masked. */
            data: Record<string, unknown>;
            /** @description Who asked (`actor`), why (`reason`), the request and correlation ids, when (`at`), and the resource’s UUID. */
            meta: Record<string, unknown>;
            /** @description The event’s revision in its resource’s own stream, from 0. */
            revision: number;
            /** Format: date-time */
            recorded_at: string;
        };
        EventPage: {
            events: components["schemas"]["LoggedEvent"][];
            /**
             * Format: uri
             * @description The next page, when the log holds more after this one.
             */
            next?: string;
        };
        RebuildReport: {
            equal: boolean;
            position: number;
            nodes: number;
            liveChecksum: string;
            rebuiltChecksum: string;
            /** @description The nodes whose live state differs from the rebuilt one. */
            differences: string[];
        };
        Allocation: {
            /** Format: uuid */
            uuid?: string;
            /** Format: date-time */
            created_at?: string;
            /** Format: date-time */
            updated_at?: string | null;
            /** @description The nodes it may pick from (none: any node). */
            candidate_nodes?: string[];
            extra?: Record<string, unknown>;
            last_error?: string | null;
            name?: string | null;
            /** @description From microversion 1.60. */
            owner?: string | null;
            resource_class?: string | null;
            /** @enum {string} */
            state?: "allocating" | "active" | "error";
            traits?: string[];
            links?: components["schemas"]["Links"];
            /**
             * Format: uuid
             * @description The node it holds, once `active`.
             */
            node_uuid?: string | null;
        };
        AllocationList: {
            allocations: components["schemas"]["Allocation"][];
            /**
             * Format: uri
             * @description The next page, when this one is full (it may turn out empty).
             */
            next?: string;
        };
        AllocationCreate: {
            candidate_nodes?: string[] | null;
            extra?: Record<string, unknown> | null;
            name?: string | null;
            node?: string | null;
            owner?: string | null;
            resource_class?: string | null;
            traits?: (string | unknown | ("COMPUTE_ACCELERATORS" | "COMPUTE_ARCH_AARCH64" | "COMPUTE_ARCH_MIPSEL" | "COMPUTE_ARCH_PPC64LE" | "COMPUTE_ARCH_RISCV64" | "COMPUTE_ARCH_S390X" | "COMPUTE_ARCH_X86_64" | "COMPUTE_CONFIG_DRIVE_REGENERATION" | "COMPUTE_DEVICE_TAGGING" | "COMPUTE_EPHEMERAL_ENCRYPTION" | "COMPUTE_EPHEMERAL_ENCRYPTION_LUKS" | "COMPUTE_EPHEMERAL_ENCRYPTION_LUKSV2" | "COMPUTE_EPHEMERAL_ENCRYPTION_PLAIN" | "COMPUTE_FIRMWARE_BIOS" | "COMPUTE_FIRMWARE_UEFI" | "COMPUTE_GRAPHICS_MODEL_BOCHS" | "COMPUTE_GRAPHICS_MODEL_CIRRUS" | "COMPUTE_GRAPHICS_MODEL_GOP" | "COMPUTE_GRAPHICS_MODEL_NONE" | "COMPUTE_GRAPHICS_MODEL_QXL" | "COMPUTE_GRAPHICS_MODEL_VGA" | "COMPUTE_GRAPHICS_MODEL_VIRTIO" | "COMPUTE_GRAPHICS_MODEL_VMVGA" | "COMPUTE_GRAPHICS_MODEL_XEN" | "COMPUTE_IMAGE_TYPE_AKI" | "COMPUTE_IMAGE_TYPE_AMI" | "COMPUTE_IMAGE_TYPE_ARI" | "COMPUTE_IMAGE_TYPE_ISO" | "COMPUTE_IMAGE_TYPE_PLOOP" | "COMPUTE_IMAGE_TYPE_QCOW2" | "COMPUTE_IMAGE_TYPE_RAW" | "COMPUTE_IMAGE_TYPE_VDI" | "COMPUTE_IMAGE_TYPE_VHD" | "COMPUTE_IMAGE_TYPE_VHDX" | "COMPUTE_IMAGE_TYPE_VMDK" | "COMPUTE_MANAGED_PCI_DEVICE" | "COMPUTE_MEM_BACKING_FILE" | "COMPUTE_MIGRATE_AUTO_CONVERGE" | "COMPUTE_MIGRATE_POST_COPY" | "COMPUTE_NET_ATTACH_INTERFACE" | "COMPUTE_NET_ATTACH_INTERFACE_WITH_TAG" | "COMPUTE_NET_VIF_MODEL_E1000" | "COMPUTE_NET_VIF_MODEL_E1000E" | "COMPUTE_NET_VIF_MODEL_LAN9118" | "COMPUTE_NET_VIF_MODEL_NE2K_PCI" | "COMPUTE_NET_VIF_MODEL_NETFRONT" | "COMPUTE_NET_VIF_MODEL_PCNET" | "COMPUTE_NET_VIF_MODEL_RTL8139" | "COMPUTE_NET_VIF_MODEL_SPAPR_VLAN" | "COMPUTE_NET_VIF_MODEL_SRIOV" | "COMPUTE_NET_VIF_MODEL_VIRTIO" | "COMPUTE_NET_VIF_MODEL_VMXNET" | "COMPUTE_NET_VIF_MODEL_VMXNET3" | "COMPUTE_NODE" | "COMPUTE_REMOTE_MANAGED_PORTS" | "COMPUTE_RESCUE_BFV" | "COMPUTE_SAME_HOST_COLD_MIGRATE" | "COMPUTE_SECURITY_TPM_1_2" | "COMPUTE_SECURITY_TPM_2_0" | "COMPUTE_SECURITY_UEFI_SECURE_BOOT" | "COMPUTE_SOCKET_PCI_NUMA_AFFINITY" | "COMPUTE_STATUS_DISABLED" | "COMPUTE_STORAGE_BUS_FDC" | "COMPUTE_STORAGE_BUS_IDE" | "COMPUTE_STORAGE_BUS_LXC" | "COMPUTE_STORAGE_BUS_SATA" | "COMPUTE_STORAGE_BUS_SCSI" | "COMPUTE_STORAGE_BUS_UML" | "COMPUTE_STORAGE_BUS_USB" | "COMPUTE_STORAGE_BUS_VIRTIO" | "COMPUTE_STORAGE_BUS_XEN" | "COMPUTE_STORAGE_VIRTIO_FS" | "COMPUTE_TRUSTED_CERTS" | "COMPUTE_VIOMMU_MODEL_AUTO" | "COMPUTE_VIOMMU_MODEL_INTEL" | "COMPUTE_VIOMMU_MODEL_SMMUV3" | "COMPUTE_VIOMMU_MODEL_VIRTIO" | "COMPUTE_VOLUME_ATTACH" | "COMPUTE_VOLUME_ATTACH_WITH_TAG" | "COMPUTE_VOLUME_EXTEND" | "COMPUTE_VOLUME_MULTI_ATTACH" | "HW_ARCH_AARCH64" | "HW_ARCH_ALPHA" | "HW_ARCH_ARMV6" | "HW_ARCH_ARMV7" | "HW_ARCH_ARMV7B" | "HW_ARCH_CRIS" | "HW_ARCH_I686" | "HW_ARCH_IA64" | "HW_ARCH_LM32" | "HW_ARCH_M68K" | "HW_ARCH_MICROBLAZE" | "HW_ARCH_MICROBLAZEEL" | "HW_ARCH_MIPS" | "HW_ARCH_MIPS64" | "HW_ARCH_MIPS64EL" | "HW_ARCH_MIPSEL" | "HW_ARCH_OPENRISC" | "HW_ARCH_PARISC" | "HW_ARCH_PARISC64" | "HW_ARCH_PPC" | "HW_ARCH_PPC64" | "HW_ARCH_PPC64LE" | "HW_ARCH_PPCEMB" | "HW_ARCH_PPCLE" | "HW_ARCH_S390" | "HW_ARCH_S390X" | "HW_ARCH_SH4" | "HW_ARCH_SH4EB" | "HW_ARCH_SPARC" | "HW_ARCH_SPARC64" | "HW_ARCH_UNICORE32" | "HW_ARCH_X86_64" | "HW_ARCH_XTENSA" | "HW_ARCH_XTENSAEB" | "HW_CPU_AARCH64_AES" | "HW_CPU_AARCH64_ASIMD" | "HW_CPU_AARCH64_ASIMDDP" | "HW_CPU_AARCH64_ASIMDHP" | "HW_CPU_AARCH64_ASIMDRDM" | "HW_CPU_AARCH64_ATOMICS" | "HW_CPU_AARCH64_CPUID" | "HW_CPU_AARCH64_CRC32" | "HW_CPU_AARCH64_DCPOP" | "HW_CPU_AARCH64_EVTSTRM" | "HW_CPU_AARCH64_FCMA" | "HW_CPU_AARCH64_FP" | "HW_CPU_AARCH64_FPHP" | "HW_CPU_AARCH64_JSCVT" | "HW_CPU_AARCH64_LRCPC" | "HW_CPU_AARCH64_PMULL" | "HW_CPU_AARCH64_SHA1" | "HW_CPU_AARCH64_SHA2" | "HW_CPU_AARCH64_SHA3" | "HW_CPU_AARCH64_SHA512" | "HW_CPU_AARCH64_SM3" | "HW_CPU_AARCH64_SM4" | "HW_CPU_AARCH64_SVE" | "HW_CPU_AMD_SEV" | "HW_CPU_HYPERTHREADING" | "HW_CPU_PPC64LE_POWER8" | "HW_CPU_PPC64LE_POWER9" | "HW_CPU_X86_3DNOW" | "HW_CPU_X86_ABM" | "HW_CPU_X86_AESNI" | "HW_CPU_X86_AMD_IBPB" | "HW_CPU_X86_AMD_NO_SSB" | "HW_CPU_X86_AMD_SEV" | "HW_CPU_X86_AMD_SSBD" | "HW_CPU_X86_AMD_SVM" | "HW_CPU_X86_AMD_VIRT_SSBD" | "HW_CPU_X86_ASF" | "HW_CPU_X86_AVX" | "HW_CPU_X86_AVX2" | "HW_CPU_X86_AVX512BITALG" | "HW_CPU_X86_AVX512BW" | "HW_CPU_X86_AVX512CD" | "HW_CPU_X86_AVX512DQ" | "HW_CPU_X86_AVX512ER" | "HW_CPU_X86_AVX512F" | "HW_CPU_X86_AVX512GFNI" | "HW_CPU_X86_AVX512IFMA" | "HW_CPU_X86_AVX512PF" | "HW_CPU_X86_AVX512VAES" | "HW_CPU_X86_AVX512VBMI" | "HW_CPU_X86_AVX512VBMI2" | "HW_CPU_X86_AVX512VL" | "HW_CPU_X86_AVX512VNNI" | "HW_CPU_X86_AVX512VPCLMULQDQ" | "HW_CPU_X86_AVX512VPOPCNTDQ" | "HW_CPU_X86_BMI" | "HW_CPU_X86_BMI2" | "HW_CPU_X86_CLMUL" | "HW_CPU_X86_F16C" | "HW_CPU_X86_FMA3" | "HW_CPU_X86_FMA4" | "HW_CPU_X86_INTEL_MD_CLEAR" | "HW_CPU_X86_INTEL_PCID" | "HW_CPU_X86_INTEL_SPEC_CTRL" | "HW_CPU_X86_INTEL_SSBD" | "HW_CPU_X86_INTEL_VMX" | "HW_CPU_X86_MMX" | "HW_CPU_X86_MPX" | "HW_CPU_X86_PDPE1GB" | "HW_CPU_X86_SGX" | "HW_CPU_X86_SHA" | "HW_CPU_X86_SSE" | "HW_CPU_X86_SSE2" | "HW_CPU_X86_SSE3" | "HW_CPU_X86_SSE41" | "HW_CPU_X86_SSE42" | "HW_CPU_X86_SSE4A" | "HW_CPU_X86_SSSE3" | "HW_CPU_X86_STIBP" | "HW_CPU_X86_SVM" | "HW_CPU_X86_TBM" | "HW_CPU_X86_TSX" | "HW_CPU_X86_VMX" | "HW_CPU_X86_XOP" | "HW_GPU_API_DIRECT2D" | "HW_GPU_API_DIRECT3D_V10_0" | "HW_GPU_API_DIRECT3D_V10_1" | "HW_GPU_API_DIRECT3D_V11_0" | "HW_GPU_API_DIRECT3D_V11_1" | "HW_GPU_API_DIRECT3D_V11_2" | "HW_GPU_API_DIRECT3D_V11_3" | "HW_GPU_API_DIRECT3D_V12_0" | "HW_GPU_API_DIRECT3D_V6_0" | "HW_GPU_API_DIRECT3D_V7_0" | "HW_GPU_API_DIRECT3D_V8_0" | "HW_GPU_API_DIRECT3D_V8_1" | "HW_GPU_API_DIRECT3D_V9_0" | "HW_GPU_API_DIRECT3D_V9_0B" | "HW_GPU_API_DIRECT3D_V9_0C" | "HW_GPU_API_DIRECT3D_V9_0L" | "HW_GPU_API_DIRECTX_V10" | "HW_GPU_API_DIRECTX_V11" | "HW_GPU_API_DIRECTX_V12" | "HW_GPU_API_DXVA" | "HW_GPU_API_OPENCL_V1_0" | "HW_GPU_API_OPENCL_V1_1" | "HW_GPU_API_OPENCL_V1_2" | "HW_GPU_API_OPENCL_V2_0" | "HW_GPU_API_OPENCL_V2_1" | "HW_GPU_API_OPENCL_V2_2" | "HW_GPU_API_OPENGL_V1_1" | "HW_GPU_API_OPENGL_V1_2" | "HW_GPU_API_OPENGL_V1_3" | "HW_GPU_API_OPENGL_V1_4" | "HW_GPU_API_OPENGL_V1_5" | "HW_GPU_API_OPENGL_V2_0" | "HW_GPU_API_OPENGL_V2_1" | "HW_GPU_API_OPENGL_V3_0" | "HW_GPU_API_OPENGL_V3_1" | "HW_GPU_API_OPENGL_V3_2" | "HW_GPU_API_OPENGL_V3_3" | "HW_GPU_API_OPENGL_V4_0" | "HW_GPU_API_OPENGL_V4_1" | "HW_GPU_API_OPENGL_V4_2" | "HW_GPU_API_OPENGL_V4_3" | "HW_GPU_API_OPENGL_V4_4" | "HW_GPU_API_OPENGL_V4_5" | "HW_GPU_API_VULKAN" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V1_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V1_1" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V1_2" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V1_3" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V2_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V2_1" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V3_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V3_2" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V3_5" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V3_7" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V5_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V5_2" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V5_3" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V6_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V6_1" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V6_2" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V7_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V7_1" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V7_2" | "HW_GPU_CUDA_SDK_V10_0" | "HW_GPU_CUDA_SDK_V6_5" | "HW_GPU_CUDA_SDK_V7_5" | "HW_GPU_CUDA_SDK_V8_0" | "HW_GPU_CUDA_SDK_V9_0" | "HW_GPU_CUDA_SDK_V9_1" | "HW_GPU_CUDA_SDK_V9_2" | "HW_GPU_MAX_DISPLAY_HEADS_1" | "HW_GPU_MAX_DISPLAY_HEADS_2" | "HW_GPU_MAX_DISPLAY_HEADS_4" | "HW_GPU_MAX_DISPLAY_HEADS_6" | "HW_GPU_MAX_DISPLAY_HEADS_8" | "HW_GPU_RESOLUTION_W1024H600" | "HW_GPU_RESOLUTION_W1024H768" | "HW_GPU_RESOLUTION_W1152H864" | "HW_GPU_RESOLUTION_W1280H1024" | "HW_GPU_RESOLUTION_W1280H720" | "HW_GPU_RESOLUTION_W1280H768" | "HW_GPU_RESOLUTION_W1280H800" | "HW_GPU_RESOLUTION_W1360H768" | "HW_GPU_RESOLUTION_W1366H768" | "HW_GPU_RESOLUTION_W1440H900" | "HW_GPU_RESOLUTION_W1600H1200" | "HW_GPU_RESOLUTION_W1600H900" | "HW_GPU_RESOLUTION_W1680H1050" | "HW_GPU_RESOLUTION_W1920H1080" | "HW_GPU_RESOLUTION_W1920H1200" | "HW_GPU_RESOLUTION_W2560H1440" | "HW_GPU_RESOLUTION_W2560H1600" | "HW_GPU_RESOLUTION_W320H240" | "HW_GPU_RESOLUTION_W3840H2160" | "HW_GPU_RESOLUTION_W640H480" | "HW_GPU_RESOLUTION_W7680H4320" | "HW_GPU_RESOLUTION_W800H600" | "HW_NIC_ACCEL_DEFLATE" | "HW_NIC_ACCEL_DIFFIEH" | "HW_NIC_ACCEL_ECC" | "HW_NIC_ACCEL_IPSEC" | "HW_NIC_ACCEL_LZS" | "HW_NIC_ACCEL_RSA" | "HW_NIC_ACCEL_SSL" | "HW_NIC_ACCEL_TLS" | "HW_NIC_DCB_ETS" | "HW_NIC_DCB_PFC" | "HW_NIC_DCB_QCN" | "HW_NIC_MULTIQUEUE" | "HW_NIC_OFFLOAD_FDF" | "HW_NIC_OFFLOAD_GENEVE" | "HW_NIC_OFFLOAD_GRE" | "HW_NIC_OFFLOAD_GRO" | "HW_NIC_OFFLOAD_GSO" | "HW_NIC_OFFLOAD_L2CRC" | "HW_NIC_OFFLOAD_LRO" | "HW_NIC_OFFLOAD_LSO" | "HW_NIC_OFFLOAD_QINQ" | "HW_NIC_OFFLOAD_RDMA" | "HW_NIC_OFFLOAD_RX" | "HW_NIC_OFFLOAD_RXHASH" | "HW_NIC_OFFLOAD_RXVLAN" | "HW_NIC_OFFLOAD_SCS" | "HW_NIC_OFFLOAD_SG" | "HW_NIC_OFFLOAD_SWITCHDEV" | "HW_NIC_OFFLOAD_TCS" | "HW_NIC_OFFLOAD_TSO" | "HW_NIC_OFFLOAD_TX" | "HW_NIC_OFFLOAD_TXUDP" | "HW_NIC_OFFLOAD_TXVLAN" | "HW_NIC_OFFLOAD_UCS" | "HW_NIC_OFFLOAD_UFO" | "HW_NIC_OFFLOAD_VXLAN" | "HW_NIC_PROGRAMMABLE_PIPELINE" | "HW_NIC_SRIOV" | "HW_NIC_SRIOV_MULTIQUEUE" | "HW_NIC_SRIOV_QOS_RX" | "HW_NIC_SRIOV_QOS_TX" | "HW_NIC_SRIOV_TRUSTED" | "HW_NIC_VMDQ" | "HW_NUMA_ROOT" | "MISC_SHARES_VIA_AGGREGATE" | "OWNER_CYBORG" | "OWNER_NOVA" | "STORAGE_DISK_HDD" | "STORAGE_DISK_SSD"))[] | null;
            uuid?: string | null;
        };
        JsonPatch: {
            path: string;
            /** @enum {string} */
            op: "add" | "replace" | "remove";
            value?: unknown;
        }[];
        Chassis: {
            /** Format: uuid */
            uuid?: string;
            /** Format: date-time */
            created_at?: string;
            /** Format: date-time */
            updated_at?: string | null;
            description?: string | null;
            extra?: Record<string, unknown>;
            links?: components["schemas"]["Links"];
            /** @description One list of links to its nodes, as Ironic has always shown it. */
            nodes?: components["schemas"]["Links"][];
        };
        ChassisList: {
            chassis: components["schemas"]["Chassis"][];
            /**
             * Format: uri
             * @description The next page, when this one is full (it may turn out empty).
             */
            next?: string;
        };
        CreateChassis: {
            /** Format: uuid */
            uuid?: string | null;
            description?: string | null;
            extra?: Record<string, unknown> | null;
        };
        Node: {
            /** Format: uuid */
            uuid?: string;
            /** Format: date-time */
            created_at?: string;
            /** Format: date-time */
            updated_at?: string | null;
            /** @description From microversion 1.47. */
            automated_clean?: boolean | null;
            /** @description From microversion 1.40. */
            bios_interface?: string;
            /** @description From microversion 1.31. */
            boot_interface?: string;
            /** @description From microversion 1.75. */
            boot_mode?: string | null;
            /** @description From microversion 1.7. The clean step running now (`{}`: none). */
            clean_step?: Record<string, unknown>;
            /** @description From microversion 1.46. */
            conductor_group?: string;
            console_enabled?: boolean;
            /** @description From microversion 1.31. */
            console_interface?: string;
            /** @description From microversion 1.31. */
            deploy_interface?: string;
            /** @description From microversion 1.44. The deploy step running now (`{}`: none). */
            deploy_step?: Record<string, unknown>;
            /** @description From microversion 1.51. */
            description?: string | null;
            driver?: string;
            /** @description The BMC’s address and credentials; secrets shown as `******`. */
            driver_info?: Record<string, unknown>;
            /** @description From microversion 1.3. */
            driver_internal_info?: Record<string, unknown>;
            extra?: Record<string, unknown>;
            /** @description From microversion 1.42. */
            fault?: string | null;
            /**
             * Format: date-time
             * @description From microversion 1.6.
             */
            inspection_finished_at?: string | null;
            /**
             * Format: date-time
             * @description From microversion 1.6.
             */
            inspection_started_at?: string | null;
            /** @description From microversion 1.31. */
            inspect_interface?: string;
            /** @description What is deployed (image, root disk, …); secrets shown as `******`. */
            instance_info?: Record<string, unknown>;
            /** Format: uuid */
            instance_uuid?: string | null;
            last_error?: string | null;
            /** @description From microversion 1.65. */
            lessee?: string | null;
            maintenance?: boolean;
            maintenance_reason?: string | null;
            /** @description From microversion 1.31. */
            management_interface?: string;
            /** @description From microversion 1.5. */
            name?: string | null;
            /** @description From microversion 1.66. */
            network_data?: Record<string, unknown>;
            /** @description From microversion 1.20. */
            network_interface?: string;
            /** @description From microversion 1.50. */
            owner?: string | null;
            /** @description From microversion 1.31. */
            power_interface?: string;
            power_state?: string | null;
            properties?: Record<string, unknown>;
            /** @description From microversion 1.48. */
            protected?: boolean;
            /** @description From microversion 1.48. */
            protected_reason?: string | null;
            /** @enum {string|null} */
            provision_state?: "enroll" | "verifying" | "manageable" | "available" | "active" | "deploying" | "wait call-back" | "deploy failed" | "deleting" | "cleaning" | "clean wait" | "clean failed" | "error" | "inspecting" | "inspect failed" | "inspect wait" | "adopting" | "adopt failed" | "rescue" | "rescuing" | "rescue wait" | "rescue failed" | "unrescuing" | "unrescue failed" | null;
            /** Format: date-time */
            provision_updated_at?: string | null;
            /** @description From microversion 1.12. */
            raid_config?: Record<string, unknown>;
            /** @description From microversion 1.31. */
            raid_interface?: string;
            /** @description From microversion 1.38. */
            rescue_interface?: string;
            /** @description The conductor holding the node’s lock, if any. */
            reservation?: string | null;
            /** @description From microversion 1.21. */
            resource_class?: string | null;
            /** @description From microversion 1.61. */
            retired?: boolean | null;
            /** @description From microversion 1.61. */
            retired_reason?: string | null;
            /** @description From microversion 1.75. */
            secure_boot?: boolean | null;
            /** @description From microversion 1.82. */
            shard?: string | null;
            /** @description From microversion 1.33. */
            storage_interface?: string;
            target_power_state?: string | null;
            /** @enum {string|null} */
            target_provision_state?: "enroll" | "verifying" | "manageable" | "available" | "active" | "deploying" | "wait call-back" | "deploy failed" | "deleting" | "cleaning" | "clean wait" | "clean failed" | "error" | "inspecting" | "inspect failed" | "inspect wait" | "adopting" | "adopt failed" | "rescue" | "rescuing" | "rescue wait" | "rescue failed" | "unrescuing" | "unrescue failed" | null;
            /** @description From microversion 1.12. */
            target_raid_config?: Record<string, unknown>;
            /** @description From microversion 1.37. */
            traits?: string[];
            /** @description From microversion 1.31. */
            vendor_interface?: string;
            links?: components["schemas"]["Links"];
            /** @description From microversion 1.49. */
            conductor?: string | null;
            /**
             * Format: uuid
             * @description From microversion 1.52.
             */
            allocation_uuid?: string | null;
            /** Format: uuid */
            chassis_uuid?: string | null;
            ports?: components["schemas"]["Links"];
            /** @description From microversion 1.14. */
            states?: components["schemas"]["Links"];
            /** @description From microversion 1.24. */
            portgroups?: components["schemas"]["Links"];
            /** @description From microversion 1.32. */
            volume?: components["schemas"]["Links"];
        };
        NodeList: {
            nodes: components["schemas"]["Node"][];
            /**
             * Format: uri
             * @description The next page, when this one is full (it may turn out empty).
             */
            next?: string;
        };
        Conductor: {
            /**
             * Format: date-time
             * @description When it was first heard from.
             */
            created_at?: string;
            /**
             * Format: date-time
             * @description Its last heartbeat.
             */
            updated_at?: string;
            hostname?: string;
            conductor_group?: string;
            drivers?: string[];
            links?: components["schemas"]["Links"];
            alive?: boolean;
        };
        ConductorList: {
            conductors: components["schemas"]["Conductor"][];
            /**
             * Format: uri
             * @description The next page, when this one is full (it may turn out empty).
             */
            next?: string;
        };
        IntrospectionContinued: {
            /** Format: uuid */
            uuid: string;
        };
        DeployTemplate: {
            /** Format: uuid */
            uuid?: string;
            /** Format: date-time */
            created_at?: string;
            /** Format: date-time */
            updated_at?: string | null;
            /** @description The trait that selects it. */
            name?: string;
            extra?: Record<string, unknown>;
            links?: components["schemas"]["Links"];
            steps?: {
                /** @enum {string} */
                interface: "power" | "management" | "deploy" | "bios" | "raid";
                step: string;
                /** @description Secrets shown as `******`. */
                args: Record<string, unknown>;
                /** @description 0 disables the step. */
                priority: number;
            }[];
        };
        DeployTemplateList: {
            deploy_templates: components["schemas"]["DeployTemplate"][];
            /**
             * Format: uri
             * @description The next page, when this one is full (it may turn out empty).
             */
            next?: string;
        };
        DeployTemplateCreate: {
            extra?: Record<string, unknown> | null;
            name: string | unknown | ("COMPUTE_ACCELERATORS" | "COMPUTE_ARCH_AARCH64" | "COMPUTE_ARCH_MIPSEL" | "COMPUTE_ARCH_PPC64LE" | "COMPUTE_ARCH_RISCV64" | "COMPUTE_ARCH_S390X" | "COMPUTE_ARCH_X86_64" | "COMPUTE_CONFIG_DRIVE_REGENERATION" | "COMPUTE_DEVICE_TAGGING" | "COMPUTE_EPHEMERAL_ENCRYPTION" | "COMPUTE_EPHEMERAL_ENCRYPTION_LUKS" | "COMPUTE_EPHEMERAL_ENCRYPTION_LUKSV2" | "COMPUTE_EPHEMERAL_ENCRYPTION_PLAIN" | "COMPUTE_FIRMWARE_BIOS" | "COMPUTE_FIRMWARE_UEFI" | "COMPUTE_GRAPHICS_MODEL_BOCHS" | "COMPUTE_GRAPHICS_MODEL_CIRRUS" | "COMPUTE_GRAPHICS_MODEL_GOP" | "COMPUTE_GRAPHICS_MODEL_NONE" | "COMPUTE_GRAPHICS_MODEL_QXL" | "COMPUTE_GRAPHICS_MODEL_VGA" | "COMPUTE_GRAPHICS_MODEL_VIRTIO" | "COMPUTE_GRAPHICS_MODEL_VMVGA" | "COMPUTE_GRAPHICS_MODEL_XEN" | "COMPUTE_IMAGE_TYPE_AKI" | "COMPUTE_IMAGE_TYPE_AMI" | "COMPUTE_IMAGE_TYPE_ARI" | "COMPUTE_IMAGE_TYPE_ISO" | "COMPUTE_IMAGE_TYPE_PLOOP" | "COMPUTE_IMAGE_TYPE_QCOW2" | "COMPUTE_IMAGE_TYPE_RAW" | "COMPUTE_IMAGE_TYPE_VDI" | "COMPUTE_IMAGE_TYPE_VHD" | "COMPUTE_IMAGE_TYPE_VHDX" | "COMPUTE_IMAGE_TYPE_VMDK" | "COMPUTE_MANAGED_PCI_DEVICE" | "COMPUTE_MEM_BACKING_FILE" | "COMPUTE_MIGRATE_AUTO_CONVERGE" | "COMPUTE_MIGRATE_POST_COPY" | "COMPUTE_NET_ATTACH_INTERFACE" | "COMPUTE_NET_ATTACH_INTERFACE_WITH_TAG" | "COMPUTE_NET_VIF_MODEL_E1000" | "COMPUTE_NET_VIF_MODEL_E1000E" | "COMPUTE_NET_VIF_MODEL_LAN9118" | "COMPUTE_NET_VIF_MODEL_NE2K_PCI" | "COMPUTE_NET_VIF_MODEL_NETFRONT" | "COMPUTE_NET_VIF_MODEL_PCNET" | "COMPUTE_NET_VIF_MODEL_RTL8139" | "COMPUTE_NET_VIF_MODEL_SPAPR_VLAN" | "COMPUTE_NET_VIF_MODEL_SRIOV" | "COMPUTE_NET_VIF_MODEL_VIRTIO" | "COMPUTE_NET_VIF_MODEL_VMXNET" | "COMPUTE_NET_VIF_MODEL_VMXNET3" | "COMPUTE_NODE" | "COMPUTE_REMOTE_MANAGED_PORTS" | "COMPUTE_RESCUE_BFV" | "COMPUTE_SAME_HOST_COLD_MIGRATE" | "COMPUTE_SECURITY_TPM_1_2" | "COMPUTE_SECURITY_TPM_2_0" | "COMPUTE_SECURITY_UEFI_SECURE_BOOT" | "COMPUTE_SOCKET_PCI_NUMA_AFFINITY" | "COMPUTE_STATUS_DISABLED" | "COMPUTE_STORAGE_BUS_FDC" | "COMPUTE_STORAGE_BUS_IDE" | "COMPUTE_STORAGE_BUS_LXC" | "COMPUTE_STORAGE_BUS_SATA" | "COMPUTE_STORAGE_BUS_SCSI" | "COMPUTE_STORAGE_BUS_UML" | "COMPUTE_STORAGE_BUS_USB" | "COMPUTE_STORAGE_BUS_VIRTIO" | "COMPUTE_STORAGE_BUS_XEN" | "COMPUTE_STORAGE_VIRTIO_FS" | "COMPUTE_TRUSTED_CERTS" | "COMPUTE_VIOMMU_MODEL_AUTO" | "COMPUTE_VIOMMU_MODEL_INTEL" | "COMPUTE_VIOMMU_MODEL_SMMUV3" | "COMPUTE_VIOMMU_MODEL_VIRTIO" | "COMPUTE_VOLUME_ATTACH" | "COMPUTE_VOLUME_ATTACH_WITH_TAG" | "COMPUTE_VOLUME_EXTEND" | "COMPUTE_VOLUME_MULTI_ATTACH" | "HW_ARCH_AARCH64" | "HW_ARCH_ALPHA" | "HW_ARCH_ARMV6" | "HW_ARCH_ARMV7" | "HW_ARCH_ARMV7B" | "HW_ARCH_CRIS" | "HW_ARCH_I686" | "HW_ARCH_IA64" | "HW_ARCH_LM32" | "HW_ARCH_M68K" | "HW_ARCH_MICROBLAZE" | "HW_ARCH_MICROBLAZEEL" | "HW_ARCH_MIPS" | "HW_ARCH_MIPS64" | "HW_ARCH_MIPS64EL" | "HW_ARCH_MIPSEL" | "HW_ARCH_OPENRISC" | "HW_ARCH_PARISC" | "HW_ARCH_PARISC64" | "HW_ARCH_PPC" | "HW_ARCH_PPC64" | "HW_ARCH_PPC64LE" | "HW_ARCH_PPCEMB" | "HW_ARCH_PPCLE" | "HW_ARCH_S390" | "HW_ARCH_S390X" | "HW_ARCH_SH4" | "HW_ARCH_SH4EB" | "HW_ARCH_SPARC" | "HW_ARCH_SPARC64" | "HW_ARCH_UNICORE32" | "HW_ARCH_X86_64" | "HW_ARCH_XTENSA" | "HW_ARCH_XTENSAEB" | "HW_CPU_AARCH64_AES" | "HW_CPU_AARCH64_ASIMD" | "HW_CPU_AARCH64_ASIMDDP" | "HW_CPU_AARCH64_ASIMDHP" | "HW_CPU_AARCH64_ASIMDRDM" | "HW_CPU_AARCH64_ATOMICS" | "HW_CPU_AARCH64_CPUID" | "HW_CPU_AARCH64_CRC32" | "HW_CPU_AARCH64_DCPOP" | "HW_CPU_AARCH64_EVTSTRM" | "HW_CPU_AARCH64_FCMA" | "HW_CPU_AARCH64_FP" | "HW_CPU_AARCH64_FPHP" | "HW_CPU_AARCH64_JSCVT" | "HW_CPU_AARCH64_LRCPC" | "HW_CPU_AARCH64_PMULL" | "HW_CPU_AARCH64_SHA1" | "HW_CPU_AARCH64_SHA2" | "HW_CPU_AARCH64_SHA3" | "HW_CPU_AARCH64_SHA512" | "HW_CPU_AARCH64_SM3" | "HW_CPU_AARCH64_SM4" | "HW_CPU_AARCH64_SVE" | "HW_CPU_AMD_SEV" | "HW_CPU_HYPERTHREADING" | "HW_CPU_PPC64LE_POWER8" | "HW_CPU_PPC64LE_POWER9" | "HW_CPU_X86_3DNOW" | "HW_CPU_X86_ABM" | "HW_CPU_X86_AESNI" | "HW_CPU_X86_AMD_IBPB" | "HW_CPU_X86_AMD_NO_SSB" | "HW_CPU_X86_AMD_SEV" | "HW_CPU_X86_AMD_SSBD" | "HW_CPU_X86_AMD_SVM" | "HW_CPU_X86_AMD_VIRT_SSBD" | "HW_CPU_X86_ASF" | "HW_CPU_X86_AVX" | "HW_CPU_X86_AVX2" | "HW_CPU_X86_AVX512BITALG" | "HW_CPU_X86_AVX512BW" | "HW_CPU_X86_AVX512CD" | "HW_CPU_X86_AVX512DQ" | "HW_CPU_X86_AVX512ER" | "HW_CPU_X86_AVX512F" | "HW_CPU_X86_AVX512GFNI" | "HW_CPU_X86_AVX512IFMA" | "HW_CPU_X86_AVX512PF" | "HW_CPU_X86_AVX512VAES" | "HW_CPU_X86_AVX512VBMI" | "HW_CPU_X86_AVX512VBMI2" | "HW_CPU_X86_AVX512VL" | "HW_CPU_X86_AVX512VNNI" | "HW_CPU_X86_AVX512VPCLMULQDQ" | "HW_CPU_X86_AVX512VPOPCNTDQ" | "HW_CPU_X86_BMI" | "HW_CPU_X86_BMI2" | "HW_CPU_X86_CLMUL" | "HW_CPU_X86_F16C" | "HW_CPU_X86_FMA3" | "HW_CPU_X86_FMA4" | "HW_CPU_X86_INTEL_MD_CLEAR" | "HW_CPU_X86_INTEL_PCID" | "HW_CPU_X86_INTEL_SPEC_CTRL" | "HW_CPU_X86_INTEL_SSBD" | "HW_CPU_X86_INTEL_VMX" | "HW_CPU_X86_MMX" | "HW_CPU_X86_MPX" | "HW_CPU_X86_PDPE1GB" | "HW_CPU_X86_SGX" | "HW_CPU_X86_SHA" | "HW_CPU_X86_SSE" | "HW_CPU_X86_SSE2" | "HW_CPU_X86_SSE3" | "HW_CPU_X86_SSE41" | "HW_CPU_X86_SSE42" | "HW_CPU_X86_SSE4A" | "HW_CPU_X86_SSSE3" | "HW_CPU_X86_STIBP" | "HW_CPU_X86_SVM" | "HW_CPU_X86_TBM" | "HW_CPU_X86_TSX" | "HW_CPU_X86_VMX" | "HW_CPU_X86_XOP" | "HW_GPU_API_DIRECT2D" | "HW_GPU_API_DIRECT3D_V10_0" | "HW_GPU_API_DIRECT3D_V10_1" | "HW_GPU_API_DIRECT3D_V11_0" | "HW_GPU_API_DIRECT3D_V11_1" | "HW_GPU_API_DIRECT3D_V11_2" | "HW_GPU_API_DIRECT3D_V11_3" | "HW_GPU_API_DIRECT3D_V12_0" | "HW_GPU_API_DIRECT3D_V6_0" | "HW_GPU_API_DIRECT3D_V7_0" | "HW_GPU_API_DIRECT3D_V8_0" | "HW_GPU_API_DIRECT3D_V8_1" | "HW_GPU_API_DIRECT3D_V9_0" | "HW_GPU_API_DIRECT3D_V9_0B" | "HW_GPU_API_DIRECT3D_V9_0C" | "HW_GPU_API_DIRECT3D_V9_0L" | "HW_GPU_API_DIRECTX_V10" | "HW_GPU_API_DIRECTX_V11" | "HW_GPU_API_DIRECTX_V12" | "HW_GPU_API_DXVA" | "HW_GPU_API_OPENCL_V1_0" | "HW_GPU_API_OPENCL_V1_1" | "HW_GPU_API_OPENCL_V1_2" | "HW_GPU_API_OPENCL_V2_0" | "HW_GPU_API_OPENCL_V2_1" | "HW_GPU_API_OPENCL_V2_2" | "HW_GPU_API_OPENGL_V1_1" | "HW_GPU_API_OPENGL_V1_2" | "HW_GPU_API_OPENGL_V1_3" | "HW_GPU_API_OPENGL_V1_4" | "HW_GPU_API_OPENGL_V1_5" | "HW_GPU_API_OPENGL_V2_0" | "HW_GPU_API_OPENGL_V2_1" | "HW_GPU_API_OPENGL_V3_0" | "HW_GPU_API_OPENGL_V3_1" | "HW_GPU_API_OPENGL_V3_2" | "HW_GPU_API_OPENGL_V3_3" | "HW_GPU_API_OPENGL_V4_0" | "HW_GPU_API_OPENGL_V4_1" | "HW_GPU_API_OPENGL_V4_2" | "HW_GPU_API_OPENGL_V4_3" | "HW_GPU_API_OPENGL_V4_4" | "HW_GPU_API_OPENGL_V4_5" | "HW_GPU_API_VULKAN" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V1_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V1_1" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V1_2" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V1_3" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V2_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V2_1" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V3_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V3_2" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V3_5" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V3_7" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V5_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V5_2" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V5_3" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V6_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V6_1" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V6_2" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V7_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V7_1" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V7_2" | "HW_GPU_CUDA_SDK_V10_0" | "HW_GPU_CUDA_SDK_V6_5" | "HW_GPU_CUDA_SDK_V7_5" | "HW_GPU_CUDA_SDK_V8_0" | "HW_GPU_CUDA_SDK_V9_0" | "HW_GPU_CUDA_SDK_V9_1" | "HW_GPU_CUDA_SDK_V9_2" | "HW_GPU_MAX_DISPLAY_HEADS_1" | "HW_GPU_MAX_DISPLAY_HEADS_2" | "HW_GPU_MAX_DISPLAY_HEADS_4" | "HW_GPU_MAX_DISPLAY_HEADS_6" | "HW_GPU_MAX_DISPLAY_HEADS_8" | "HW_GPU_RESOLUTION_W1024H600" | "HW_GPU_RESOLUTION_W1024H768" | "HW_GPU_RESOLUTION_W1152H864" | "HW_GPU_RESOLUTION_W1280H1024" | "HW_GPU_RESOLUTION_W1280H720" | "HW_GPU_RESOLUTION_W1280H768" | "HW_GPU_RESOLUTION_W1280H800" | "HW_GPU_RESOLUTION_W1360H768" | "HW_GPU_RESOLUTION_W1366H768" | "HW_GPU_RESOLUTION_W1440H900" | "HW_GPU_RESOLUTION_W1600H1200" | "HW_GPU_RESOLUTION_W1600H900" | "HW_GPU_RESOLUTION_W1680H1050" | "HW_GPU_RESOLUTION_W1920H1080" | "HW_GPU_RESOLUTION_W1920H1200" | "HW_GPU_RESOLUTION_W2560H1440" | "HW_GPU_RESOLUTION_W2560H1600" | "HW_GPU_RESOLUTION_W320H240" | "HW_GPU_RESOLUTION_W3840H2160" | "HW_GPU_RESOLUTION_W640H480" | "HW_GPU_RESOLUTION_W7680H4320" | "HW_GPU_RESOLUTION_W800H600" | "HW_NIC_ACCEL_DEFLATE" | "HW_NIC_ACCEL_DIFFIEH" | "HW_NIC_ACCEL_ECC" | "HW_NIC_ACCEL_IPSEC" | "HW_NIC_ACCEL_LZS" | "HW_NIC_ACCEL_RSA" | "HW_NIC_ACCEL_SSL" | "HW_NIC_ACCEL_TLS" | "HW_NIC_DCB_ETS" | "HW_NIC_DCB_PFC" | "HW_NIC_DCB_QCN" | "HW_NIC_MULTIQUEUE" | "HW_NIC_OFFLOAD_FDF" | "HW_NIC_OFFLOAD_GENEVE" | "HW_NIC_OFFLOAD_GRE" | "HW_NIC_OFFLOAD_GRO" | "HW_NIC_OFFLOAD_GSO" | "HW_NIC_OFFLOAD_L2CRC" | "HW_NIC_OFFLOAD_LRO" | "HW_NIC_OFFLOAD_LSO" | "HW_NIC_OFFLOAD_QINQ" | "HW_NIC_OFFLOAD_RDMA" | "HW_NIC_OFFLOAD_RX" | "HW_NIC_OFFLOAD_RXHASH" | "HW_NIC_OFFLOAD_RXVLAN" | "HW_NIC_OFFLOAD_SCS" | "HW_NIC_OFFLOAD_SG" | "HW_NIC_OFFLOAD_SWITCHDEV" | "HW_NIC_OFFLOAD_TCS" | "HW_NIC_OFFLOAD_TSO" | "HW_NIC_OFFLOAD_TX" | "HW_NIC_OFFLOAD_TXUDP" | "HW_NIC_OFFLOAD_TXVLAN" | "HW_NIC_OFFLOAD_UCS" | "HW_NIC_OFFLOAD_UFO" | "HW_NIC_OFFLOAD_VXLAN" | "HW_NIC_PROGRAMMABLE_PIPELINE" | "HW_NIC_SRIOV" | "HW_NIC_SRIOV_MULTIQUEUE" | "HW_NIC_SRIOV_QOS_RX" | "HW_NIC_SRIOV_QOS_TX" | "HW_NIC_SRIOV_TRUSTED" | "HW_NIC_VMDQ" | "HW_NUMA_ROOT" | "MISC_SHARES_VIA_AGGREGATE" | "OWNER_CYBORG" | "OWNER_NOVA" | "STORAGE_DISK_HDD" | "STORAGE_DISK_SSD");
            steps: {
                args: Record<string, unknown>;
                /** @enum {string} */
                interface: "power" | "management" | "deploy" | "bios" | "raid";
                priority: number | string;
                step: string;
            }[];
            uuid?: string | null;
        };
        Driver: {
            name?: string;
            /** @description The live conductors serving it. */
            hosts?: string[];
            links?: components["schemas"]["Links"];
            /** @description From microversion 1.14. */
            properties?: components["schemas"]["Links"];
            /**
             * @description From microversion 1.30.
             * @constant
             */
            type?: "dynamic";
            /** @description From microversion 1.40. With `detail`, and in a single driver. */
            default_bios_interface?: string | null;
            /** @description From microversion 1.40. With `detail`, and in a single driver. */
            enabled_bios_interfaces?: string[];
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            default_boot_interface?: string | null;
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            enabled_boot_interfaces?: string[];
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            default_console_interface?: string | null;
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            enabled_console_interfaces?: string[];
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            default_deploy_interface?: string | null;
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            enabled_deploy_interfaces?: string[];
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            default_inspect_interface?: string | null;
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            enabled_inspect_interfaces?: string[];
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            default_management_interface?: string | null;
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            enabled_management_interfaces?: string[];
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            default_network_interface?: string | null;
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            enabled_network_interfaces?: string[];
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            default_power_interface?: string | null;
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            enabled_power_interfaces?: string[];
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            default_raid_interface?: string | null;
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            enabled_raid_interfaces?: string[];
            /** @description From microversion 1.38. With `detail`, and in a single driver. */
            default_rescue_interface?: string | null;
            /** @description From microversion 1.38. With `detail`, and in a single driver. */
            enabled_rescue_interfaces?: string[];
            /** @description From microversion 1.33. With `detail`, and in a single driver. */
            default_storage_interface?: string | null;
            /** @description From microversion 1.33. With `detail`, and in a single driver. */
            enabled_storage_interfaces?: string[];
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            default_vendor_interface?: string | null;
            /** @description From microversion 1.30. With `detail`, and in a single driver. */
            enabled_vendor_interfaces?: string[];
        };
        DriverList: {
            drivers: components["schemas"]["Driver"][];
        };
        DriverProperties: {
            [key: string]: string;
        };
        LogicalDiskProperties: {
            [key: string]: string;
        };
        VendorMethods: {
            [key: string]: {
                http_methods: ("GET" | "PUT" | "POST" | "DELETE" | "PATCH")[];
                /** @description `true`: answered 202 and run afterwards; `false`: run while the client waits, answered 200 with what it returned. */
                async: boolean;
                description: string;
                attach: boolean;
                require_exclusive_lock: boolean;
            };
        };
        /** @description A `text/event-stream`: each event is `id: <position>`, `event: <type>` and `data: {"position", "kind", "type", "data", "meta"}`. */
        EventStream: string;
        FleetSummary: {
            /** @description The log position the counts are at (the read model’s now, or the last event folded in for `at`). */
            position: number;
            /**
             * Format: date-time
             * @description When the log’s first event happened: the earliest instant worth asking `at` for.
             */
            since: string | null;
            nodes: number;
            /** @description Every provision state, zeros included. */
            provision_state: {
                enroll: number;
                verifying: number;
                manageable: number;
                available: number;
                active: number;
                deploying: number;
                "wait call-back": number;
                "deploy failed": number;
                deleting: number;
                cleaning: number;
                "clean wait": number;
                "clean failed": number;
                error: number;
                inspecting: number;
                "inspect failed": number;
                "inspect wait": number;
                adopting: number;
                "adopt failed": number;
                rescue: number;
                rescuing: number;
                "rescue wait": number;
                "rescue failed": number;
                unrescuing: number;
                "unrescue failed": number;
            };
            /** @description `null`: never read from a BMC. */
            power_state: {
                "power on": number;
                "power off": number;
                null: number;
            };
            maintenance: number;
            /** @description The faults nodes are in, only those some node is in. */
            fault: {
                [key: string]: number;
            };
        };
        Heartbeat: {
            callback_url: string | null;
            agent_version?: string | null;
            agent_token?: string | null;
            agent_verify_ca?: string | null;
            agent_status?: string | null;
            agent_status_message?: string | null;
        };
        IntrospectionStatus: {
            /** Format: uuid */
            uuid: string;
            /** @enum {string} */
            state: "starting" | "waiting" | "processing" | "finished" | "error" | "enrolling" | "reapplying" | "aborting";
            finished: boolean;
            error: string | null;
            /** @description UTC, without an offset, as ironic-inspector prints it (`2026-11-29T10:00:00.000000`). */
            started_at: string;
            /** @description UTC, without an offset, as ironic-inspector prints it (`2026-11-29T10:00:00.000000`). */
            finished_at: string | null;
            links: {
                /** Format: uri */
                href: string;
                /** @constant */
                rel: "self";
            }[];
        };
        IntrospectionList: {
            introspection: components["schemas"]["IntrospectionStatus"][];
        };
        Lookup: {
            node: components["schemas"]["Node"];
            config: {
                metrics: Record<string, unknown>;
                metrics_statsd: Record<string, unknown>;
                heartbeat_timeout: number;
                /** @description Issued to the first look-up of a boot (from 1.62), masked afterwards; `null` below 1.62. */
                agent_token: string | null;
                agent_token_required: boolean;
                disable_deep_image_inspection: boolean;
                permitted_image_formats: string[];
                enable_bios_bootloader_install: boolean;
            };
        };
        l2_address: string;
        l2_id: string;
        l2_mtu: number | null;
        l2_vif_id: string;
        l2_link: {
            id: components["schemas"]["l2_id"];
            ethernet_mac_address: components["schemas"]["l2_address"];
            mtu?: components["schemas"]["l2_mtu"];
            /** @enum {string} */
            type: "bridge" | "dvs" | "hw_veb" | "hyperv" | "ovs" | "tap" | "vhostuser" | "vif" | "phy";
            vif_id?: components["schemas"]["l2_vif_id"];
        };
        l2_bond: {
            id: components["schemas"]["l2_id"];
            ethernet_mac_address: components["schemas"]["l2_address"];
            mtu?: components["schemas"]["l2_mtu"];
            /** @enum {string} */
            type: "bond";
            vif_id?: components["schemas"]["l2_vif_id"];
            /** @enum {string} */
            bond_mode: "802.1ad" | "balance-rr" | "active-backup" | "balance-xor" | "broadcast" | "balance-tlb" | "balance-alb";
            bond_links: string[];
        };
        l2_vlan: {
            id: components["schemas"]["l2_id"];
            vlan_mac_address: components["schemas"]["l2_address"];
            mtu?: components["schemas"]["l2_mtu"];
            /** @enum {string} */
            type: "vlan";
            vif_id?: components["schemas"]["l2_vif_id"];
            vlan_id: number;
            vlan_link: string;
        };
        l3_id: string;
        l3_link: string;
        l3_network_id: string;
        /** @enum {string} */
        l3_ipv4_type: "ipv4" | "ipv4_dhcp";
        /** @enum {string} */
        l3_ipv6_type: "ipv6" | "ipv6_dhcp" | "ipv6_slaac";
        l3_ipv4_host: string;
        l3_ipv6_host: string;
        l3_ipv4_netmask: string;
        l3_ipv6_netmask: string;
        l3_ipv4_nw: string;
        l3_ipv6_nw: string;
        l3_ipv4_gateway: string;
        l3_ipv6_gateway: string;
        l3_ipv4_network_route: {
            network: components["schemas"]["l3_ipv4_nw"];
            netmask: components["schemas"]["l3_ipv4_netmask"];
            gateway: components["schemas"]["l3_ipv4_gateway"];
            services?: components["schemas"]["ipv4_services"];
        };
        l3_ipv6_network_route: {
            network: components["schemas"]["l3_ipv6_nw"];
            netmask: components["schemas"]["l3_ipv6_netmask"];
            gateway: components["schemas"]["l3_ipv6_gateway"];
            services?: components["schemas"]["ipv6_services"];
        };
        l3_ipv4_network: {
            id: components["schemas"]["l3_id"];
            link: components["schemas"]["l3_link"];
            network_id: components["schemas"]["l3_network_id"];
            type: components["schemas"]["l3_ipv4_type"];
            ip_address?: components["schemas"]["l3_ipv4_host"];
            netmask?: components["schemas"]["l3_ipv4_netmask"];
            routes?: components["schemas"]["l3_ipv4_network_route"][];
        };
        l3_ipv6_network: {
            id: components["schemas"]["l3_id"];
            link: components["schemas"]["l3_link"];
            network_id: components["schemas"]["l3_network_id"];
            type: components["schemas"]["l3_ipv6_type"];
            ip_address?: components["schemas"]["l3_ipv6_host"];
            netmask?: components["schemas"]["l3_ipv6_netmask"];
            routes?: components["schemas"]["l3_ipv6_network_route"][];
        };
        ipv4_service: {
            address: components["schemas"]["l3_ipv4_host"];
            /** @enum {string} */
            type: "dns";
        };
        ipv6_service: {
            address: components["schemas"]["l3_ipv6_host"];
            /** @enum {string} */
            type: "dns";
        };
        ipv4_services: components["schemas"]["ipv4_service"][];
        ipv6_services: components["schemas"]["ipv6_service"][];
        services: (components["schemas"]["ipv4_service"] | components["schemas"]["ipv6_service"])[];
        NodeCreate: {
            automated_clean?: string | boolean | null;
            bios_interface?: string | null;
            boot_interface?: string | null;
            boot_mode?: string | null;
            chassis_uuid?: string | null;
            conductor_group?: string | null;
            console_enabled?: string | boolean | null;
            console_interface?: string | null;
            deploy_interface?: string | null;
            description?: string | null;
            driver: string;
            driver_info?: Record<string, unknown> | null;
            extra?: Record<string, unknown> | null;
            inspect_interface?: string | null;
            instance_info?: Record<string, unknown> | null;
            instance_uuid?: string | null;
            lessee?: string | null;
            management_interface?: string | null;
            maintenance?: string | boolean | null;
            name?: string | null;
            network_data?: null | Record<string, unknown> | {
                links: (components["schemas"]["l2_link"] | components["schemas"]["l2_bond"] | components["schemas"]["l2_vlan"])[];
                networks: (components["schemas"]["l3_ipv4_network"] | components["schemas"]["l3_ipv6_network"])[];
                services: components["schemas"]["services"];
            };
            network_interface?: string | null;
            owner?: string | null;
            power_interface?: string | null;
            properties?: Record<string, unknown> | null;
            raid_interface?: string | null;
            rescue_interface?: string | null;
            resource_class?: string | null;
            retired?: string | boolean | null;
            retired_reason?: string | null;
            secure_boot?: string | boolean | null;
            shard?: string | null;
            storage_interface?: string | null;
            uuid?: string | null;
            vendor_interface?: string | null;
        };
        BiosSetting: {
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string | null;
            name?: string;
            value?: string | null;
            attribute_type?: string | null;
            allowable_values?: string[];
            lower_bound?: number | null;
            max_length?: number | null;
            min_length?: number | null;
            read_only?: boolean | null;
            reset_required?: boolean | null;
            unique?: boolean | null;
            upper_bound?: number | null;
            links: components["schemas"]["Links"];
        };
        BiosSettingList: {
            bios: components["schemas"]["BiosSetting"][];
        };
        BiosSettingByName: {
            [key: string]: components["schemas"]["BiosSetting"];
        };
        NodeHistory: {
            history: {
                /**
                 * Format: uuid
                 * @description Derived from the event’s position in the log: the same record always has the same UUID.
                 */
                uuid: string;
                /** Format: date-time */
                created_at: string | null;
                user?: string | null;
                /** @enum {string} */
                severity: "INFO" | "ERROR";
                /** @description The error for a failure, else a sentence saying what changed. */
                event: string;
                event_type?: string;
                conductor?: string | null;
                links: {
                    /** Format: uri */
                    href: string;
                    /** @constant */
                    rel: "self";
                }[];
            }[];
        };
        NodeHistoryRecord: {
            /**
             * Format: uuid
             * @description Derived from the event’s position in the log: the same record always has the same UUID.
             */
            uuid: string;
            /** Format: date-time */
            created_at: string | null;
            user: string | null;
            /** @enum {string} */
            severity: "INFO" | "ERROR";
            /** @description The error for a failure, else a sentence saying what changed. */
            event: string;
            event_type: string;
            conductor: string | null;
            links: {
                /** Format: uri */
                href: string;
                /** @constant */
                rel: "self";
            }[];
        };
        NodeInventory: {
            inventory: Record<string, unknown>;
            plugin_data: Record<string, unknown>;
        };
        Maintenance: {
            reason?: string | null;
        };
        BootDevice: {
            boot_device: string | null;
            persistent: boolean | null;
        };
        SupportedBootDevices: {
            supported_boot_devices: string[];
        };
        IndicatorList: {
            indicators: {
                /** @description `<id>@<component>`. */
                name: string;
                component: string;
                readonly: boolean;
                states: string[];
                links: components["schemas"]["Links"];
            }[];
        };
        IndicatorState: {
            state: string;
        };
        Portgroup: {
            /** Format: uuid */
            uuid?: string;
            /** Format: date-time */
            created_at?: string;
            /** Format: date-time */
            updated_at?: string | null;
            /** @description The MAC address, lower case with colons. */
            address?: string | null;
            extra?: Record<string, unknown>;
            internal_info?: Record<string, unknown>;
            /** @description The bonding mode (asked for with `fields` from microversion 1.26). */
            mode?: string | null;
            name?: string | null;
            /** @description Asked for with `fields` from microversion 1.26. */
            properties?: Record<string, unknown>;
            standalone_ports_supported?: boolean;
            /** Format: uuid */
            node_uuid?: string;
            links?: components["schemas"]["Links"];
            ports?: components["schemas"]["Links"];
        };
        PortgroupList: {
            portgroups: components["schemas"]["Portgroup"][];
            /**
             * Format: uri
             * @description The next page, when this one is full (it may turn out empty).
             */
            next?: string;
        };
        Port: {
            /** Format: uuid */
            uuid?: string;
            /** Format: date-time */
            created_at?: string;
            /** Format: date-time */
            updated_at?: string | null;
            /** @description The MAC address, lower case with colons. */
            address?: string;
            extra?: Record<string, unknown>;
            /** @description From microversion 1.18. */
            internal_info?: Record<string, unknown>;
            /** @description From microversion 1.53. */
            is_smartnic?: boolean;
            /** @description From microversion 1.19. The switch port it is wired to (`switch_id`, `port_id`, `switch_info`, `network_type` from 1.64). */
            local_link_connection?: Record<string, unknown>;
            /** @description From microversion 1.34. */
            physical_network?: string | null;
            /** @description From microversion 1.19. */
            pxe_enabled?: boolean;
            /** Format: uuid */
            node_uuid?: string;
            links?: components["schemas"]["Links"];
            /**
             * Format: uuid
             * @description From microversion 1.24.
             */
            portgroup_uuid?: string | null;
        };
        PortList: {
            ports: components["schemas"]["Port"][];
            /**
             * Format: uri
             * @description The next page, when this one is full (it may turn out empty).
             */
            next?: string;
        };
        NodeStates: {
            console_enabled?: boolean;
            last_error?: string | null;
            power_state?: string | null;
            /** @enum {string|null} */
            provision_state?: "enroll" | "verifying" | "manageable" | "available" | "active" | "deploying" | "wait call-back" | "deploy failed" | "deleting" | "cleaning" | "clean wait" | "clean failed" | "error" | "inspecting" | "inspect failed" | "inspect wait" | "adopting" | "adopt failed" | "rescue" | "rescuing" | "rescue wait" | "rescue failed" | "unrescuing" | "unrescue failed" | null;
            target_power_state?: string | null;
            /** @enum {string|null} */
            target_provision_state?: "enroll" | "verifying" | "manageable" | "available" | "active" | "deploying" | "wait call-back" | "deploy failed" | "deleting" | "cleaning" | "clean wait" | "clean failed" | "error" | "inspecting" | "inspect failed" | "inspect wait" | "adopting" | "adopt failed" | "rescue" | "rescuing" | "rescue wait" | "rescue failed" | "unrescuing" | "unrescue failed" | null;
            /** Format: date-time */
            provision_updated_at?: string | null;
            /** @description From microversion 1.12. */
            raid_config?: Record<string, unknown>;
            /** @description From microversion 1.12. */
            target_raid_config?: Record<string, unknown>;
            /** @description From microversion 1.75. */
            boot_mode?: string | null;
            /** @description From microversion 1.75. */
            secure_boot?: boolean | null;
        };
        Console: {
            console_enabled: boolean;
            console_info: Record<string, unknown> | null;
        };
        PowerAction: {
            target: string;
            timeout?: number | null;
        };
        ProvisionAction: {
            target: string;
            configdrive?: {
                meta_data?: Record<string, unknown>;
                network_data?: Record<string, unknown>;
                user_data?: Record<string, unknown> | unknown[] | string | null;
                vendor_data?: Record<string, unknown>;
            } | (string | null);
            clean_steps?: {
                /**
                 * @description driver interface
                 * @enum {unknown}
                 */
                interface: "power" | "management" | "deploy" | "bios" | "raid";
                /** @description name of clean step */
                step: string;
                /** @description additional args */
                args?: Record<string, unknown>;
            }[] | null;
            deploy_steps?: {
                args: Record<string, unknown>;
                /** @enum {string} */
                interface: "power" | "management" | "deploy" | "bios" | "raid";
                priority: number | string;
                step: string;
            }[] | null;
            rescue_password?: string | null;
            disable_ramdisk?: unknown;
        };
        NodeTraitList: {
            traits: string[];
        };
        NodeTraits: {
            traits?: (string | unknown | ("COMPUTE_ACCELERATORS" | "COMPUTE_ARCH_AARCH64" | "COMPUTE_ARCH_MIPSEL" | "COMPUTE_ARCH_PPC64LE" | "COMPUTE_ARCH_RISCV64" | "COMPUTE_ARCH_S390X" | "COMPUTE_ARCH_X86_64" | "COMPUTE_CONFIG_DRIVE_REGENERATION" | "COMPUTE_DEVICE_TAGGING" | "COMPUTE_EPHEMERAL_ENCRYPTION" | "COMPUTE_EPHEMERAL_ENCRYPTION_LUKS" | "COMPUTE_EPHEMERAL_ENCRYPTION_LUKSV2" | "COMPUTE_EPHEMERAL_ENCRYPTION_PLAIN" | "COMPUTE_FIRMWARE_BIOS" | "COMPUTE_FIRMWARE_UEFI" | "COMPUTE_GRAPHICS_MODEL_BOCHS" | "COMPUTE_GRAPHICS_MODEL_CIRRUS" | "COMPUTE_GRAPHICS_MODEL_GOP" | "COMPUTE_GRAPHICS_MODEL_NONE" | "COMPUTE_GRAPHICS_MODEL_QXL" | "COMPUTE_GRAPHICS_MODEL_VGA" | "COMPUTE_GRAPHICS_MODEL_VIRTIO" | "COMPUTE_GRAPHICS_MODEL_VMVGA" | "COMPUTE_GRAPHICS_MODEL_XEN" | "COMPUTE_IMAGE_TYPE_AKI" | "COMPUTE_IMAGE_TYPE_AMI" | "COMPUTE_IMAGE_TYPE_ARI" | "COMPUTE_IMAGE_TYPE_ISO" | "COMPUTE_IMAGE_TYPE_PLOOP" | "COMPUTE_IMAGE_TYPE_QCOW2" | "COMPUTE_IMAGE_TYPE_RAW" | "COMPUTE_IMAGE_TYPE_VDI" | "COMPUTE_IMAGE_TYPE_VHD" | "COMPUTE_IMAGE_TYPE_VHDX" | "COMPUTE_IMAGE_TYPE_VMDK" | "COMPUTE_MANAGED_PCI_DEVICE" | "COMPUTE_MEM_BACKING_FILE" | "COMPUTE_MIGRATE_AUTO_CONVERGE" | "COMPUTE_MIGRATE_POST_COPY" | "COMPUTE_NET_ATTACH_INTERFACE" | "COMPUTE_NET_ATTACH_INTERFACE_WITH_TAG" | "COMPUTE_NET_VIF_MODEL_E1000" | "COMPUTE_NET_VIF_MODEL_E1000E" | "COMPUTE_NET_VIF_MODEL_LAN9118" | "COMPUTE_NET_VIF_MODEL_NE2K_PCI" | "COMPUTE_NET_VIF_MODEL_NETFRONT" | "COMPUTE_NET_VIF_MODEL_PCNET" | "COMPUTE_NET_VIF_MODEL_RTL8139" | "COMPUTE_NET_VIF_MODEL_SPAPR_VLAN" | "COMPUTE_NET_VIF_MODEL_SRIOV" | "COMPUTE_NET_VIF_MODEL_VIRTIO" | "COMPUTE_NET_VIF_MODEL_VMXNET" | "COMPUTE_NET_VIF_MODEL_VMXNET3" | "COMPUTE_NODE" | "COMPUTE_REMOTE_MANAGED_PORTS" | "COMPUTE_RESCUE_BFV" | "COMPUTE_SAME_HOST_COLD_MIGRATE" | "COMPUTE_SECURITY_TPM_1_2" | "COMPUTE_SECURITY_TPM_2_0" | "COMPUTE_SECURITY_UEFI_SECURE_BOOT" | "COMPUTE_SOCKET_PCI_NUMA_AFFINITY" | "COMPUTE_STATUS_DISABLED" | "COMPUTE_STORAGE_BUS_FDC" | "COMPUTE_STORAGE_BUS_IDE" | "COMPUTE_STORAGE_BUS_LXC" | "COMPUTE_STORAGE_BUS_SATA" | "COMPUTE_STORAGE_BUS_SCSI" | "COMPUTE_STORAGE_BUS_UML" | "COMPUTE_STORAGE_BUS_USB" | "COMPUTE_STORAGE_BUS_VIRTIO" | "COMPUTE_STORAGE_BUS_XEN" | "COMPUTE_STORAGE_VIRTIO_FS" | "COMPUTE_TRUSTED_CERTS" | "COMPUTE_VIOMMU_MODEL_AUTO" | "COMPUTE_VIOMMU_MODEL_INTEL" | "COMPUTE_VIOMMU_MODEL_SMMUV3" | "COMPUTE_VIOMMU_MODEL_VIRTIO" | "COMPUTE_VOLUME_ATTACH" | "COMPUTE_VOLUME_ATTACH_WITH_TAG" | "COMPUTE_VOLUME_EXTEND" | "COMPUTE_VOLUME_MULTI_ATTACH" | "HW_ARCH_AARCH64" | "HW_ARCH_ALPHA" | "HW_ARCH_ARMV6" | "HW_ARCH_ARMV7" | "HW_ARCH_ARMV7B" | "HW_ARCH_CRIS" | "HW_ARCH_I686" | "HW_ARCH_IA64" | "HW_ARCH_LM32" | "HW_ARCH_M68K" | "HW_ARCH_MICROBLAZE" | "HW_ARCH_MICROBLAZEEL" | "HW_ARCH_MIPS" | "HW_ARCH_MIPS64" | "HW_ARCH_MIPS64EL" | "HW_ARCH_MIPSEL" | "HW_ARCH_OPENRISC" | "HW_ARCH_PARISC" | "HW_ARCH_PARISC64" | "HW_ARCH_PPC" | "HW_ARCH_PPC64" | "HW_ARCH_PPC64LE" | "HW_ARCH_PPCEMB" | "HW_ARCH_PPCLE" | "HW_ARCH_S390" | "HW_ARCH_S390X" | "HW_ARCH_SH4" | "HW_ARCH_SH4EB" | "HW_ARCH_SPARC" | "HW_ARCH_SPARC64" | "HW_ARCH_UNICORE32" | "HW_ARCH_X86_64" | "HW_ARCH_XTENSA" | "HW_ARCH_XTENSAEB" | "HW_CPU_AARCH64_AES" | "HW_CPU_AARCH64_ASIMD" | "HW_CPU_AARCH64_ASIMDDP" | "HW_CPU_AARCH64_ASIMDHP" | "HW_CPU_AARCH64_ASIMDRDM" | "HW_CPU_AARCH64_ATOMICS" | "HW_CPU_AARCH64_CPUID" | "HW_CPU_AARCH64_CRC32" | "HW_CPU_AARCH64_DCPOP" | "HW_CPU_AARCH64_EVTSTRM" | "HW_CPU_AARCH64_FCMA" | "HW_CPU_AARCH64_FP" | "HW_CPU_AARCH64_FPHP" | "HW_CPU_AARCH64_JSCVT" | "HW_CPU_AARCH64_LRCPC" | "HW_CPU_AARCH64_PMULL" | "HW_CPU_AARCH64_SHA1" | "HW_CPU_AARCH64_SHA2" | "HW_CPU_AARCH64_SHA3" | "HW_CPU_AARCH64_SHA512" | "HW_CPU_AARCH64_SM3" | "HW_CPU_AARCH64_SM4" | "HW_CPU_AARCH64_SVE" | "HW_CPU_AMD_SEV" | "HW_CPU_HYPERTHREADING" | "HW_CPU_PPC64LE_POWER8" | "HW_CPU_PPC64LE_POWER9" | "HW_CPU_X86_3DNOW" | "HW_CPU_X86_ABM" | "HW_CPU_X86_AESNI" | "HW_CPU_X86_AMD_IBPB" | "HW_CPU_X86_AMD_NO_SSB" | "HW_CPU_X86_AMD_SEV" | "HW_CPU_X86_AMD_SSBD" | "HW_CPU_X86_AMD_SVM" | "HW_CPU_X86_AMD_VIRT_SSBD" | "HW_CPU_X86_ASF" | "HW_CPU_X86_AVX" | "HW_CPU_X86_AVX2" | "HW_CPU_X86_AVX512BITALG" | "HW_CPU_X86_AVX512BW" | "HW_CPU_X86_AVX512CD" | "HW_CPU_X86_AVX512DQ" | "HW_CPU_X86_AVX512ER" | "HW_CPU_X86_AVX512F" | "HW_CPU_X86_AVX512GFNI" | "HW_CPU_X86_AVX512IFMA" | "HW_CPU_X86_AVX512PF" | "HW_CPU_X86_AVX512VAES" | "HW_CPU_X86_AVX512VBMI" | "HW_CPU_X86_AVX512VBMI2" | "HW_CPU_X86_AVX512VL" | "HW_CPU_X86_AVX512VNNI" | "HW_CPU_X86_AVX512VPCLMULQDQ" | "HW_CPU_X86_AVX512VPOPCNTDQ" | "HW_CPU_X86_BMI" | "HW_CPU_X86_BMI2" | "HW_CPU_X86_CLMUL" | "HW_CPU_X86_F16C" | "HW_CPU_X86_FMA3" | "HW_CPU_X86_FMA4" | "HW_CPU_X86_INTEL_MD_CLEAR" | "HW_CPU_X86_INTEL_PCID" | "HW_CPU_X86_INTEL_SPEC_CTRL" | "HW_CPU_X86_INTEL_SSBD" | "HW_CPU_X86_INTEL_VMX" | "HW_CPU_X86_MMX" | "HW_CPU_X86_MPX" | "HW_CPU_X86_PDPE1GB" | "HW_CPU_X86_SGX" | "HW_CPU_X86_SHA" | "HW_CPU_X86_SSE" | "HW_CPU_X86_SSE2" | "HW_CPU_X86_SSE3" | "HW_CPU_X86_SSE41" | "HW_CPU_X86_SSE42" | "HW_CPU_X86_SSE4A" | "HW_CPU_X86_SSSE3" | "HW_CPU_X86_STIBP" | "HW_CPU_X86_SVM" | "HW_CPU_X86_TBM" | "HW_CPU_X86_TSX" | "HW_CPU_X86_VMX" | "HW_CPU_X86_XOP" | "HW_GPU_API_DIRECT2D" | "HW_GPU_API_DIRECT3D_V10_0" | "HW_GPU_API_DIRECT3D_V10_1" | "HW_GPU_API_DIRECT3D_V11_0" | "HW_GPU_API_DIRECT3D_V11_1" | "HW_GPU_API_DIRECT3D_V11_2" | "HW_GPU_API_DIRECT3D_V11_3" | "HW_GPU_API_DIRECT3D_V12_0" | "HW_GPU_API_DIRECT3D_V6_0" | "HW_GPU_API_DIRECT3D_V7_0" | "HW_GPU_API_DIRECT3D_V8_0" | "HW_GPU_API_DIRECT3D_V8_1" | "HW_GPU_API_DIRECT3D_V9_0" | "HW_GPU_API_DIRECT3D_V9_0B" | "HW_GPU_API_DIRECT3D_V9_0C" | "HW_GPU_API_DIRECT3D_V9_0L" | "HW_GPU_API_DIRECTX_V10" | "HW_GPU_API_DIRECTX_V11" | "HW_GPU_API_DIRECTX_V12" | "HW_GPU_API_DXVA" | "HW_GPU_API_OPENCL_V1_0" | "HW_GPU_API_OPENCL_V1_1" | "HW_GPU_API_OPENCL_V1_2" | "HW_GPU_API_OPENCL_V2_0" | "HW_GPU_API_OPENCL_V2_1" | "HW_GPU_API_OPENCL_V2_2" | "HW_GPU_API_OPENGL_V1_1" | "HW_GPU_API_OPENGL_V1_2" | "HW_GPU_API_OPENGL_V1_3" | "HW_GPU_API_OPENGL_V1_4" | "HW_GPU_API_OPENGL_V1_5" | "HW_GPU_API_OPENGL_V2_0" | "HW_GPU_API_OPENGL_V2_1" | "HW_GPU_API_OPENGL_V3_0" | "HW_GPU_API_OPENGL_V3_1" | "HW_GPU_API_OPENGL_V3_2" | "HW_GPU_API_OPENGL_V3_3" | "HW_GPU_API_OPENGL_V4_0" | "HW_GPU_API_OPENGL_V4_1" | "HW_GPU_API_OPENGL_V4_2" | "HW_GPU_API_OPENGL_V4_3" | "HW_GPU_API_OPENGL_V4_4" | "HW_GPU_API_OPENGL_V4_5" | "HW_GPU_API_VULKAN" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V1_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V1_1" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V1_2" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V1_3" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V2_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V2_1" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V3_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V3_2" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V3_5" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V3_7" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V5_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V5_2" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V5_3" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V6_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V6_1" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V6_2" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V7_0" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V7_1" | "HW_GPU_CUDA_COMPUTE_CAPABILITY_V7_2" | "HW_GPU_CUDA_SDK_V10_0" | "HW_GPU_CUDA_SDK_V6_5" | "HW_GPU_CUDA_SDK_V7_5" | "HW_GPU_CUDA_SDK_V8_0" | "HW_GPU_CUDA_SDK_V9_0" | "HW_GPU_CUDA_SDK_V9_1" | "HW_GPU_CUDA_SDK_V9_2" | "HW_GPU_MAX_DISPLAY_HEADS_1" | "HW_GPU_MAX_DISPLAY_HEADS_2" | "HW_GPU_MAX_DISPLAY_HEADS_4" | "HW_GPU_MAX_DISPLAY_HEADS_6" | "HW_GPU_MAX_DISPLAY_HEADS_8" | "HW_GPU_RESOLUTION_W1024H600" | "HW_GPU_RESOLUTION_W1024H768" | "HW_GPU_RESOLUTION_W1152H864" | "HW_GPU_RESOLUTION_W1280H1024" | "HW_GPU_RESOLUTION_W1280H720" | "HW_GPU_RESOLUTION_W1280H768" | "HW_GPU_RESOLUTION_W1280H800" | "HW_GPU_RESOLUTION_W1360H768" | "HW_GPU_RESOLUTION_W1366H768" | "HW_GPU_RESOLUTION_W1440H900" | "HW_GPU_RESOLUTION_W1600H1200" | "HW_GPU_RESOLUTION_W1600H900" | "HW_GPU_RESOLUTION_W1680H1050" | "HW_GPU_RESOLUTION_W1920H1080" | "HW_GPU_RESOLUTION_W1920H1200" | "HW_GPU_RESOLUTION_W2560H1440" | "HW_GPU_RESOLUTION_W2560H1600" | "HW_GPU_RESOLUTION_W320H240" | "HW_GPU_RESOLUTION_W3840H2160" | "HW_GPU_RESOLUTION_W640H480" | "HW_GPU_RESOLUTION_W7680H4320" | "HW_GPU_RESOLUTION_W800H600" | "HW_NIC_ACCEL_DEFLATE" | "HW_NIC_ACCEL_DIFFIEH" | "HW_NIC_ACCEL_ECC" | "HW_NIC_ACCEL_IPSEC" | "HW_NIC_ACCEL_LZS" | "HW_NIC_ACCEL_RSA" | "HW_NIC_ACCEL_SSL" | "HW_NIC_ACCEL_TLS" | "HW_NIC_DCB_ETS" | "HW_NIC_DCB_PFC" | "HW_NIC_DCB_QCN" | "HW_NIC_MULTIQUEUE" | "HW_NIC_OFFLOAD_FDF" | "HW_NIC_OFFLOAD_GENEVE" | "HW_NIC_OFFLOAD_GRE" | "HW_NIC_OFFLOAD_GRO" | "HW_NIC_OFFLOAD_GSO" | "HW_NIC_OFFLOAD_L2CRC" | "HW_NIC_OFFLOAD_LRO" | "HW_NIC_OFFLOAD_LSO" | "HW_NIC_OFFLOAD_QINQ" | "HW_NIC_OFFLOAD_RDMA" | "HW_NIC_OFFLOAD_RX" | "HW_NIC_OFFLOAD_RXHASH" | "HW_NIC_OFFLOAD_RXVLAN" | "HW_NIC_OFFLOAD_SCS" | "HW_NIC_OFFLOAD_SG" | "HW_NIC_OFFLOAD_SWITCHDEV" | "HW_NIC_OFFLOAD_TCS" | "HW_NIC_OFFLOAD_TSO" | "HW_NIC_OFFLOAD_TX" | "HW_NIC_OFFLOAD_TXUDP" | "HW_NIC_OFFLOAD_TXVLAN" | "HW_NIC_OFFLOAD_UCS" | "HW_NIC_OFFLOAD_UFO" | "HW_NIC_OFFLOAD_VXLAN" | "HW_NIC_PROGRAMMABLE_PIPELINE" | "HW_NIC_SRIOV" | "HW_NIC_SRIOV_MULTIQUEUE" | "HW_NIC_SRIOV_QOS_RX" | "HW_NIC_SRIOV_QOS_TX" | "HW_NIC_SRIOV_TRUSTED" | "HW_NIC_VMDQ" | "HW_NUMA_ROOT" | "MISC_SHARES_VIA_AGGREGATE" | "OWNER_CYBORG" | "OWNER_NOVA" | "STORAGE_DISK_HDD" | "STORAGE_DISK_SSD"))[];
        };
        NodeValidation: {
            [key: string]: {
                /** @constant */
                result: true;
            } | {
                /** @constant */
                result: false;
                reason: string;
            };
        };
        VifList: {
            vifs: {
                id: string;
            }[];
        };
        Vif: {
            id: string;
        };
        Volume: {
            links: components["schemas"]["Links"];
            connectors: components["schemas"]["Links"];
            targets: components["schemas"]["Links"];
        };
        VolumeConnector: {
            /** Format: uuid */
            uuid?: string;
            /** Format: date-time */
            created_at?: string;
            /** Format: date-time */
            updated_at?: string | null;
            connector_id?: string;
            extra?: Record<string, unknown>;
            /** @description The initiator’s kind (`iqn`, `wwpn`, …). */
            type?: string;
            links?: components["schemas"]["Links"];
            /** Format: uuid */
            node_uuid?: string;
        };
        VolumeConnectorList: {
            connectors: components["schemas"]["VolumeConnector"][];
            /**
             * Format: uri
             * @description The next page, when this one is full (it may turn out empty).
             */
            next?: string;
        };
        VolumeTarget: {
            /** Format: uuid */
            uuid?: string;
            /** Format: date-time */
            created_at?: string;
            /** Format: date-time */
            updated_at?: string | null;
            /** @description 0: the volume the node boots from. */
            boot_index?: number;
            extra?: Record<string, unknown>;
            /** @description Secrets shown as `******`. */
            properties?: Record<string, unknown>;
            volume_id?: string;
            volume_type?: string;
            links?: components["schemas"]["Links"];
            /** Format: uuid */
            node_uuid?: string;
        };
        VolumeTargetList: {
            targets: components["schemas"]["VolumeTarget"][];
            /**
             * Format: uri
             * @description The next page, when this one is full (it may turn out empty).
             */
            next?: string;
        };
        /** @description See https://spec.openapis.org/oas/v3.1.0 for the whole format. */
        OpenApiDocument: {
            /** @constant */
            openapi: "3.1.0";
            info: Record<string, unknown>;
            servers: {
                /** Format: uri */
                url: string;
                description?: string;
            }[];
            tags?: Record<string, unknown>[];
            paths: Record<string, unknown>;
            components: Record<string, unknown>;
            security?: unknown[];
        };
        PortgroupCreate: {
            address?: string | null;
            extra?: Record<string, unknown> | null;
            mode?: string | null;
            name?: string | null;
            node_uuid: string;
            properties?: Record<string, unknown> | null;
            standalone_ports_supported?: string | boolean | null;
            uuid?: string | null;
        };
        PortCreate: {
            address: string;
            extra?: Record<string, unknown> | null;
            is_smartnic?: string | boolean | null;
            local_link_connection?: null | Record<string, unknown>;
            node_uuid: string;
            physical_network?: string | null;
            portgroup_uuid?: string | null;
            pxe_enabled?: string | boolean | null;
            uuid?: string | null;
        };
        ShardList: {
            shards: {
                name: string;
                count: number;
            }[];
        };
        VolumeConnectorCreate: {
            connector_id: string;
            extra?: Record<string, unknown> | null;
            node_uuid: string;
            type: string;
            uuid?: string | null;
        };
        VolumeTargetCreate: {
            boot_index: number;
            extra?: Record<string, unknown> | null;
            node_uuid: string;
            properties?: Record<string, unknown> | null;
            volume_id: string;
            volume_type: string;
            uuid?: string | null;
        };
    };
    responses: {
        /** @description A refusal, in Ironic’s error body */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A malformed identifier, query or body, or a request the resource refuses as it is */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No or wrong credentials (with `AUTH_STRATEGY=http_basic` or `keystone`) */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The credentials do not allow it (Keystone policy), or the operation is not permitted there */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The resource, or the resource a parameter names, does not exist (or not at this microversion) */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The method is not served at this path (Ironic’s router answers so) */
        MethodNotAllowed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The microversion asked for is not served, or is too old for a parameter or field asked for */
        NotAcceptable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The resource is locked by a conductor, in a state that refuses this, or a unique value is taken */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
        Microversion: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    Root_root: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiVersions"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    Ops_health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    Metrics_scrape: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["PrometheusMetrics"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["Error"];
        };
    };
    Ops_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    Root_v1: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiV1"];
                };
            };
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Audit_resourceEvents: {
        parameters: {
            query?: {
                /** @description A position in the log: the page starts after it (default 0, the beginning). */
                after?: number;
                /** @description At most this many events (1 to 1000, the default). */
                limit?: number;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                collection: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ops_rebuild: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RebuildReport"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Allocations_list: {
        parameters: {
            query?: {
                /** @description The allocation of this node (UUID or name; 400 when there is no such node). */
                node?: string;
                /** @description Allocations for this resource class. */
                resource_class?: string;
                /** @description Allocations in this state (`allocating`, `active` or `error`). */
                state?: string;
                /** @description Allocations of this owner. From microversion 1.60. */
                owner?: string;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
                /** @description Comma-separated fields to show (and `links`). */
                fields?: string;
                /** @description ironledger: as it was at this event-log position or ISO 8601 instant. */
                at?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AllocationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Allocations_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AllocationCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Allocation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Allocations_show: {
        parameters: {
            query?: {
                /** @description Comma-separated fields to show (and `links`). */
                fields?: string;
                /** @description ironledger: as it was at this event-log position or ISO 8601 instant. */
                at?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Allocation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Allocations_remove: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Allocations_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["JsonPatch"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Allocation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    OpenApi_apiReference: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html; charset=utf-8": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Chassis_list: {
        parameters: {
            query?: {
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
                /** @description Comma-separated fields to show of each item (and its `links`). From microversion 1.8. */
                fields?: string;
                /** @description Whole items, as the `/detail` path shows them; not with `fields`. From microversion 1.43. */
                detail?: boolean;
                /** @description ironledger: as it was at this event-log position or ISO 8601 instant. */
                at?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChassisList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Chassis_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateChassis"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Chassis"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Chassis_show: {
        parameters: {
            query?: {
                /** @description Comma-separated fields to show (and `links`). From microversion 1.8. */
                fields?: string;
                /** @description ironledger: as it was at this event-log position or ISO 8601 instant. */
                at?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Chassis"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Chassis_remove: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Chassis_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["JsonPatch"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Chassis"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Chassis_nodesOf: {
        parameters: {
            query?: {
                /** @description Nodes of this chassis (404 when there is none). */
                chassis_uuid?: string;
                /** @description The node of this instance (never a `next` link). */
                instance_uuid?: string;
                /** @description Nodes with (true) or without (false) an instance. */
                associated?: boolean;
                /** @description Nodes in (true) or out of (false) maintenance. */
                maintenance?: boolean;
                /** @description Retired (true) or not retired (false) nodes. */
                retired?: boolean;
                /** @description Nodes in this provision state. From microversion 1.9. */
                provision_state?: "enroll" | "verifying" | "manageable" | "available" | "active" | "deploying" | "wait call-back" | "deploy failed" | "deleting" | "cleaning" | "clean wait" | "clean failed" | "error" | "inspecting" | "inspect failed" | "inspect wait" | "adopting" | "adopt failed" | "rescue" | "rescuing" | "rescue wait" | "rescue failed" | "unrescuing" | "unrescue failed";
                /** @description Nodes of this hardware type. From microversion 1.16. */
                driver?: string;
                /** @description Nodes of this resource class. From microversion 1.21. */
                resource_class?: string;
                /** @description Nodes with this fault. From microversion 1.42. */
                fault?: "power failure" | "clean failure" | "rescue abort failure";
                /** @description Nodes of this conductor group. From microversion 1.46. */
                conductor_group?: string;
                /** @description Nodes this conductor holds or would take. From microversion 1.49. */
                conductor?: string;
                /** @description Nodes of this owner. From microversion 1.50. */
                owner?: string;
                /** @description Nodes of this lessee. From microversion 1.65. */
                lessee?: string;
                /** @description Nodes whose owner or lessee is this project. */
                project?: string;
                /** @description Nodes whose description contains this text (in any case). */
                description_contains?: string;
                /** @description Nodes of these comma-separated shards. From microversion 1.82. */
                shard?: string;
                /** @description Nodes with (true) or without (false) a shard. From microversion 1.82. */
                sharded?: boolean;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
                /** @description Comma-separated fields to show of each item (and its `links`). From microversion 1.8. */
                fields?: string;
                /** @description Whole items, as the `/detail` path shows them; not with `fields`. From microversion 1.43. */
                detail?: boolean;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Chassis_nodesDetailOf: {
        parameters: {
            query?: {
                /** @description Nodes of this chassis (404 when there is none). */
                chassis_uuid?: string;
                /** @description The node of this instance (never a `next` link). */
                instance_uuid?: string;
                /** @description Nodes with (true) or without (false) an instance. */
                associated?: boolean;
                /** @description Nodes in (true) or out of (false) maintenance. */
                maintenance?: boolean;
                /** @description Retired (true) or not retired (false) nodes. */
                retired?: boolean;
                /** @description Nodes in this provision state. From microversion 1.9. */
                provision_state?: "enroll" | "verifying" | "manageable" | "available" | "active" | "deploying" | "wait call-back" | "deploy failed" | "deleting" | "cleaning" | "clean wait" | "clean failed" | "error" | "inspecting" | "inspect failed" | "inspect wait" | "adopting" | "adopt failed" | "rescue" | "rescuing" | "rescue wait" | "rescue failed" | "unrescuing" | "unrescue failed";
                /** @description Nodes of this hardware type. From microversion 1.16. */
                driver?: string;
                /** @description Nodes of this resource class. From microversion 1.21. */
                resource_class?: string;
                /** @description Nodes with this fault. From microversion 1.42. */
                fault?: "power failure" | "clean failure" | "rescue abort failure";
                /** @description Nodes of this conductor group. From microversion 1.46. */
                conductor_group?: string;
                /** @description Nodes this conductor holds or would take. From microversion 1.49. */
                conductor?: string;
                /** @description Nodes of this owner. From microversion 1.50. */
                owner?: string;
                /** @description Nodes of this lessee. From microversion 1.65. */
                lessee?: string;
                /** @description Nodes whose owner or lessee is this project. */
                project?: string;
                /** @description Nodes whose description contains this text (in any case). */
                description_contains?: string;
                /** @description Nodes of these comma-separated shards. From microversion 1.82. */
                shard?: string;
                /** @description Nodes with (true) or without (false) a shard. From microversion 1.82. */
                sharded?: boolean;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Chassis_detail: {
        parameters: {
            query?: {
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
                /** @description ironledger: as it was at this event-log position or ISO 8601 instant. */
                at?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChassisList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Fleet_list: {
        parameters: {
            query?: {
                /** @description The hostname of the last conductor of the previous page: where this page starts. */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
                /** @description Comma-separated fields to show of each item (and its `links`). */
                fields?: string;
                /** @description Whole items, as the `/detail` path shows them; not with `fields`. */
                detail?: boolean;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConductorList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Fleet_conductor: {
        parameters: {
            query?: {
                /** @description Comma-separated fields to show (and `links`). */
                fields?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                hostname: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Conductor"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Introspection_continue: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntrospectionContinued"];
                };
            };
            400: components["responses"]["BadRequest"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    DeployTemplates_list: {
        parameters: {
            query?: {
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
                /** @description Comma-separated fields to show of each item (and its `links`). */
                fields?: string;
                /** @description Whole items, as the `/detail` path shows them; not with `fields`. */
                detail?: boolean;
                /** @description ironledger: as it was at this event-log position or ISO 8601 instant. */
                at?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeployTemplateList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    DeployTemplates_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DeployTemplateCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeployTemplate"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    DeployTemplates_show: {
        parameters: {
            query?: {
                /** @description Comma-separated fields to show (and `links`). */
                fields?: string;
                /** @description ironledger: as it was at this event-log position or ISO 8601 instant. */
                at?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeployTemplate"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    DeployTemplates_remove: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    DeployTemplates_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["JsonPatch"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeployTemplate"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Fleet_drivers: {
        parameters: {
            query?: {
                /** @description Only `dynamic` drivers (hardware types, all there are) or only `classic` ones (none). From microversion 1.30. */
                type?: "classic" | "dynamic";
                /** @description Each driver with its interfaces; not with `fields`. From microversion 1.30. */
                detail?: boolean;
                /** @description Comma-separated fields to show (and `links`). From microversion 1.77. */
                fields?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DriverList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Fleet_driver: {
        parameters: {
            query?: {
                /** @description Comma-separated fields to show (and `links`). From microversion 1.77. */
                fields?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Driver"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Fleet_properties: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DriverProperties"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Fleet_raidProperties: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LogicalDiskProperties"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Fleet_vendorCall_get_1: {
        parameters: {
            query?: {
                /** @description The driver vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Fleet_vendorCall_put_1: {
        parameters: {
            query?: {
                /** @description The driver vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Fleet_vendorCall_post_1: {
        parameters: {
            query?: {
                /** @description The driver vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Fleet_vendorCall_delete_1: {
        parameters: {
            query?: {
                /** @description The driver vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Fleet_vendorCall_patch_1: {
        parameters: {
            query?: {
                /** @description The driver vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Fleet_vendorCall_get_2: {
        parameters: {
            query?: {
                /** @description The driver vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                name: string;
                method: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Fleet_vendorCall_put_2: {
        parameters: {
            query?: {
                /** @description The driver vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                name: string;
                method: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Fleet_vendorCall_post_2: {
        parameters: {
            query?: {
                /** @description The driver vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                name: string;
                method: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Fleet_vendorCall_delete_2: {
        parameters: {
            query?: {
                /** @description The driver vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                name: string;
                method: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Fleet_vendorCall_patch_2: {
        parameters: {
            query?: {
                /** @description The driver vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                name: string;
                method: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Fleet_vendorMethods: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorMethods"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Audit_events: {
        parameters: {
            query?: {
                /** @description Only this node’s events (its UUID or name). */
                node?: string;
                /** @description Only events of these types (comma-separated). */
                type?: string;
                /** @description Only events of nodes that were in this provision state before or after them. */
                provision_state?: string;
                /** @description A position in the log to replay from (as `Last-Event-ID`); without it, only what happens from now on. */
                from?: number;
            };
            header?: {
                "last-event-id"?: string;
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["EventStream"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    FleetSummary_summary: {
        parameters: {
            query?: {
                /** @description The counts as they were at this event-log position or ISO 8601 instant. */
                at?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FleetSummary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Agent_heartbeat: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["Heartbeat"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Introspection_list: {
        parameters: {
            query?: {
                /** @description The UUID of the node whose status ends the previous page. */
                marker?: string;
                /** @description How many statuses at most (0: 1000, the default and the most). */
                limit?: number;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntrospectionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Introspection_show: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntrospectionStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Introspection_start: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Introspection_abort: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Agent_lookup: {
        parameters: {
            query?: {
                /** @description Comma-separated MAC addresses of the ramdisk’s interfaces. */
                addresses?: string;
                /** @description The node’s UUID, when the ramdisk knows it. */
                node_uuid?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lookup"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_list: {
        parameters: {
            query?: {
                /** @description Nodes of this chassis (404 when there is none). */
                chassis_uuid?: string;
                /** @description The node of this instance (never a `next` link). */
                instance_uuid?: string;
                /** @description Nodes with (true) or without (false) an instance. */
                associated?: boolean;
                /** @description Nodes in (true) or out of (false) maintenance. */
                maintenance?: boolean;
                /** @description Retired (true) or not retired (false) nodes. */
                retired?: boolean;
                /** @description Nodes in this provision state. From microversion 1.9. */
                provision_state?: "enroll" | "verifying" | "manageable" | "available" | "active" | "deploying" | "wait call-back" | "deploy failed" | "deleting" | "cleaning" | "clean wait" | "clean failed" | "error" | "inspecting" | "inspect failed" | "inspect wait" | "adopting" | "adopt failed" | "rescue" | "rescuing" | "rescue wait" | "rescue failed" | "unrescuing" | "unrescue failed";
                /** @description Nodes of this hardware type. From microversion 1.16. */
                driver?: string;
                /** @description Nodes of this resource class. From microversion 1.21. */
                resource_class?: string;
                /** @description Nodes with this fault. From microversion 1.42. */
                fault?: "power failure" | "clean failure" | "rescue abort failure";
                /** @description Nodes of this conductor group. From microversion 1.46. */
                conductor_group?: string;
                /** @description Nodes this conductor holds or would take. From microversion 1.49. */
                conductor?: string;
                /** @description Nodes of this owner. From microversion 1.50. */
                owner?: string;
                /** @description Nodes of this lessee. From microversion 1.65. */
                lessee?: string;
                /** @description Nodes whose owner or lessee is this project. */
                project?: string;
                /** @description Nodes whose description contains this text (in any case). */
                description_contains?: string;
                /** @description Nodes of these comma-separated shards. From microversion 1.82. */
                shard?: string;
                /** @description Nodes with (true) or without (false) a shard. From microversion 1.82. */
                sharded?: boolean;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
                /** @description Comma-separated fields to show of each item (and its `links`). From microversion 1.8. */
                fields?: string;
                /** @description Whole items, as the `/detail` path shows them; not with `fields`. From microversion 1.43. */
                detail?: boolean;
                /** @description ironledger: the nodes as they were at this event-log position or ISO 8601 instant. */
                at?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["NodeCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_removeWithoutIdent: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_show: {
        parameters: {
            query?: {
                /** @description Comma-separated fields to show (and `links`). From microversion 1.8. */
                fields?: string;
                /** @description ironledger: the node as it was at this event-log position or ISO 8601 instant. */
                at?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_replace: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_createAt: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_remove: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_update: {
        parameters: {
            query?: {
                /** @description With a new `driver`: reset the interfaces not set in the same request to the new hardware type’s defaults. From microversion 1.45. */
                reset_interfaces?: boolean;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["JsonPatch"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_field: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                field: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Allocations_ofNode: {
        parameters: {
            query?: {
                /** @description Comma-separated fields to show (and `links`). */
                fields?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Allocation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Allocations_removeOfNode: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Management_bios: {
        parameters: {
            query?: {
                /** @description Each setting with its registry fields; not with `fields`. From microversion 1.74. */
                detail?: boolean;
                /** @description Comma-separated fields to show of each setting. From microversion 1.74. */
                fields?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BiosSettingList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_biosSetting: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                setting: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BiosSettingByName"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Audit_nodeEvents: {
        parameters: {
            query?: {
                /** @description A position in the log: the page starts after it (default 0, the beginning). */
                after?: number;
                /** @description At most this many events (1 to 1000, the default). */
                limit?: number;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Audit_history: {
        parameters: {
            query?: {
                /** @description Every field of each record (`true` or `True`). */
                detail?: boolean;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeHistory"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Audit_historyRecord: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                record: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeHistoryRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_inventory: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeInventory"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_setMaintenance: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["Maintenance"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_clearMaintenance: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Management_managementRoot: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_bootDevice: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BootDevice"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_setBootDevice: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Management_supportedBootDevices: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupportedBootDevices"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_setSupportedBootDevice: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Management_indicators: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IndicatorList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_indicatorState: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IndicatorState"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_setIndicatorState: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Management_setIndicatorStateInPath: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                name: string;
                state: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Management_injectNmi: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Portgroups_nodeGroups: {
        parameters: {
            query?: {
                /** @description Port groups of this node (UUID or name). */
                node?: string;
                /** @description The port group with this MAC address. */
                address?: string;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
                /** @description Comma-separated fields to show of each item (and its `links`). From microversion 1.8. */
                fields?: string;
                /** @description Whole items, as the `/detail` path shows them; not with `fields`. From microversion 1.43. */
                detail?: boolean;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortgroupList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Portgroups_notUnderNode_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                group: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Portgroups_notUnderNode_put: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                group: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Portgroups_notUnderNode_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                group: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Portgroups_notUnderNode_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                group: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Portgroups_notUnderNode_patch: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                group: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_get_3: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                group: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_put_3: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                group: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_post_3: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                group: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_delete_3: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                group: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_patch_3: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                group: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_get_4: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                group: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_put_4: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                group: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_post_4: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                group: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_delete_4: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                group: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_patch_4: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                group: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Portgroups_nodeGroupsDetail: {
        parameters: {
            query?: {
                /** @description Port groups of this node (UUID or name). */
                node?: string;
                /** @description The port group with this MAC address. */
                address?: string;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortgroupList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_nodePorts: {
        parameters: {
            query?: {
                /** @description Ports of this node (a UUID, or a name from 1.5). */
                node?: string;
                /** @description Ports of this node (taken over `node`). */
                node_uuid?: string;
                /** @description The port with this MAC address. */
                address?: string;
                /** @description Ports of this port group (UUID or name). From microversion 1.24. */
                portgroup?: string;
                /** @description Ports of the nodes of these comma-separated shards. From microversion 1.82. */
                shard?: string;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
                /** @description Comma-separated fields to show of each item (and its `links`). From microversion 1.8. */
                fields?: string;
                /** @description Whole items, as the `/detail` path shows them; not with `fields`. From microversion 1.43. */
                detail?: boolean;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_get_1: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_put_1: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_post_1: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_delete_1: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_patch_1: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_nodePortsDetail: {
        parameters: {
            query?: {
                /** @description Ports of this node (a UUID, or a name from 1.5). */
                node?: string;
                /** @description Ports of this node (taken over `node`). */
                node_uuid?: string;
                /** @description The port with this MAC address. */
                address?: string;
                /** @description Ports of this port group (UUID or name). From microversion 1.24. */
                portgroup?: string;
                /** @description Ports of the nodes of these comma-separated shards. From microversion 1.82. */
                shard?: string;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_states: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeStates"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_setBootMode: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Management_console: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Console"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_setConsole: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_power: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PowerAction"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_provision: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ProvisionAction"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Management_setTargetRaidConfig: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Management_setSecureBoot: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    NodeTraits_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeTraitList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    NodeTraits_replace: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["NodeTraits"];
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    NodeTraits_clear: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    NodeTraits_add: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                trait: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["NodeTraits"];
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    NodeTraits_remove: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                trait: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_validateNode: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeValidation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_vendorCall_get_1: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_vendorCall_put_1: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_vendorCall_post_1: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_vendorCall_delete_1: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_vendorCall_patch_1: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["JsonPatch"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_vendorCall_get_2: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                method: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_vendorCall_put_2: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                method: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_vendorCall_post_2: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                method: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_vendorCall_delete_2: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                method: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_vendorCall_patch_2: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                method: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["JsonPatch"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_vendorMethods: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorMethods"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Vifs_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VifList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Vifs_attach: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["Vif"];
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Vifs_detach: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                vif: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Volume_nodeRoot: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Volume"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Volume_nodeConnectors: {
        parameters: {
            query?: {
                /** @description Those of this node (UUID or name). */
                node?: string;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
                /** @description Comma-separated fields to show of each item (and its `links`). From microversion 1.8. */
                fields?: string;
                /** @description Whole items, as the `/detail` path shows them; not with `fields`. From microversion 1.32. */
                detail?: boolean;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VolumeConnectorList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Volume_createUnderNode_1: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Volume_connectorUnderNode: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Volume_removeUnderNode_1: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Volume_updateUnderNode_1: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Volume_nodeTargets: {
        parameters: {
            query?: {
                /** @description Those of this node (UUID or name). */
                node?: string;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
                /** @description Comma-separated fields to show of each item (and its `links`). From microversion 1.8. */
                fields?: string;
                /** @description Whole items, as the `/detail` path shows them; not with `fields`. From microversion 1.32. */
                detail?: boolean;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VolumeTargetList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Volume_createUnderNode_2: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Volume_targetUnderNode: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Volume_removeUnderNode_2: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Volume_updateUnderNode_2: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_detail: {
        parameters: {
            query?: {
                /** @description Nodes of this chassis (404 when there is none). */
                chassis_uuid?: string;
                /** @description The node of this instance (never a `next` link). */
                instance_uuid?: string;
                /** @description Nodes with (true) or without (false) an instance. */
                associated?: boolean;
                /** @description Nodes in (true) or out of (false) maintenance. */
                maintenance?: boolean;
                /** @description Retired (true) or not retired (false) nodes. */
                retired?: boolean;
                /** @description Nodes in this provision state. From microversion 1.9. */
                provision_state?: "enroll" | "verifying" | "manageable" | "available" | "active" | "deploying" | "wait call-back" | "deploy failed" | "deleting" | "cleaning" | "clean wait" | "clean failed" | "error" | "inspecting" | "inspect failed" | "inspect wait" | "adopting" | "adopt failed" | "rescue" | "rescuing" | "rescue wait" | "rescue failed" | "unrescuing" | "unrescue failed";
                /** @description Nodes of this hardware type. From microversion 1.16. */
                driver?: string;
                /** @description Nodes of this resource class. From microversion 1.21. */
                resource_class?: string;
                /** @description Nodes with this fault. From microversion 1.42. */
                fault?: "power failure" | "clean failure" | "rescue abort failure";
                /** @description Nodes of this conductor group. From microversion 1.46. */
                conductor_group?: string;
                /** @description Nodes this conductor holds or would take. From microversion 1.49. */
                conductor?: string;
                /** @description Nodes of this owner. From microversion 1.50. */
                owner?: string;
                /** @description Nodes of this lessee. From microversion 1.65. */
                lessee?: string;
                /** @description Nodes whose owner or lessee is this project. */
                project?: string;
                /** @description Nodes whose description contains this text (in any case). */
                description_contains?: string;
                /** @description Nodes of these comma-separated shards. From microversion 1.82. */
                shard?: string;
                /** @description Nodes with (true) or without (false) a shard. From microversion 1.82. */
                sharded?: boolean;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
                /** @description ironledger: the nodes as they were at this event-log position or ISO 8601 instant. */
                at?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyMaintenanceRefused_1: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyPutWithoutNode_2: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyDeleteWithoutNode: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyMaintenanceRefused_2: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacySetMaintenance: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["Maintenance"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyClearMaintenance: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacyManagementRefused_1: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacyManagementRefused_2: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyWithoutNode_3: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyPutWithoutNode_1: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacyBootDevice: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BootDevice"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacySetBootDevice: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacySupportedBootDevices: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupportedBootDevices"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyWithoutNode_4: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacyIndicatorsWithoutNode: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacyPutWithoutNode_2: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacyIndicatorWithoutName: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacySetIndicatorWithoutName: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacyIndicatorState: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IndicatorState"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacySetIndicatorState: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacyPutWithoutNode_1: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacyManagementRefused_3: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacyInjectNmi: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyWithoutNode_1: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyStates: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeStates"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyStateActionRefused_1: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyStateActionRefused_2: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                node: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacySetBootMode: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyWithoutNode_2: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacyConsole: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Console"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacySetConsole: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyPower: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PowerAction"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyProvision: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ProvisionAction"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacySetTargetRaidConfig: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Management_legacySetSecureBoot: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_validateByQuery: {
        parameters: {
            query?: {
                /** @description The node (UUID or name). */
                node?: string;
                /** @description The node, the older way (deprecated). */
                node_uuid?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NodeValidation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyVendorCallWithoutNode_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyVendorCallWithoutNode_put: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyVendorCallWithoutNode_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyVendorCallWithoutNode_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyVendorCallWithoutNode_patch: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyVendorCall_get_1: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyVendorCall_put_1: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyVendorCall_post_1: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyVendorCall_delete_1: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyVendorCall_patch_1: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["JsonPatch"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyVendorCall_get_2: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                method: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyVendorCall_put_2: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                method: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyVendorCall_post_2: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                method: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyVendorCall_delete_2: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                method: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyVendorCall_patch_2: {
        parameters: {
            query?: {
                /** @description The vendor method to call (the path may name it instead). */
                method?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                method: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["JsonPatch"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyVendorMethods: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VendorMethods"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Nodes_legacyWithoutNode_5: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    OpenApi_openApi: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Portgroups_list: {
        parameters: {
            query?: {
                /** @description Port groups of this node (UUID or name). */
                node?: string;
                /** @description The port group with this MAC address. */
                address?: string;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
                /** @description Comma-separated fields to show of each item (and its `links`). From microversion 1.8. */
                fields?: string;
                /** @description Whole items, as the `/detail` path shows them; not with `fields`. From microversion 1.43. */
                detail?: boolean;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortgroupList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Portgroups_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PortgroupCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Portgroup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Portgroups_show: {
        parameters: {
            query?: {
                /** @description Comma-separated fields to show (and `links`). From microversion 1.8. */
                fields?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Portgroup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Portgroups_remove: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Portgroups_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["JsonPatch"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Portgroup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Ports_groupPorts: {
        parameters: {
            query?: {
                /** @description Ports of this node (a UUID, or a name from 1.5). */
                node?: string;
                /** @description Ports of this node (taken over `node`). */
                node_uuid?: string;
                /** @description The port with this MAC address. */
                address?: string;
                /** @description Ports of this port group (UUID or name). From microversion 1.24. */
                portgroup?: string;
                /** @description Ports of the nodes of these comma-separated shards. From microversion 1.82. */
                shard?: string;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
                /** @description Comma-separated fields to show of each item (and its `links`). From microversion 1.8. */
                fields?: string;
                /** @description Whole items, as the `/detail` path shows them; not with `fields`. From microversion 1.43. */
                detail?: boolean;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_get_2: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_put_2: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_post_2: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_delete_2: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_notUnderParent_patch_2: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_groupPortsDetail: {
        parameters: {
            query?: {
                /** @description Ports of this node (a UUID, or a name from 1.5). */
                node?: string;
                /** @description Ports of this node (taken over `node`). */
                node_uuid?: string;
                /** @description The port with this MAC address. */
                address?: string;
                /** @description Ports of this port group (UUID or name). From microversion 1.24. */
                portgroup?: string;
                /** @description Ports of the nodes of these comma-separated shards. From microversion 1.82. */
                shard?: string;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                ident: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Portgroups_detail: {
        parameters: {
            query?: {
                /** @description Port groups of this node (UUID or name). */
                node?: string;
                /** @description The port group with this MAC address. */
                address?: string;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortgroupList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_list: {
        parameters: {
            query?: {
                /** @description Ports of this node (a UUID, or a name from 1.5). */
                node?: string;
                /** @description Ports of this node (taken over `node`). */
                node_uuid?: string;
                /** @description The port with this MAC address. */
                address?: string;
                /** @description Ports of this port group (UUID or name). From microversion 1.24. */
                portgroup?: string;
                /** @description Ports of the nodes of these comma-separated shards. From microversion 1.82. */
                shard?: string;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
                /** @description Comma-separated fields to show of each item (and its `links`). From microversion 1.8. */
                fields?: string;
                /** @description Whole items, as the `/detail` path shows them; not with `fields`. From microversion 1.43. */
                detail?: boolean;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PortCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Port"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Ports_show: {
        parameters: {
            query?: {
                /** @description Comma-separated fields to show (and `links`). From microversion 1.8. */
                fields?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Port"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Ports_remove: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Ports_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["JsonPatch"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Port"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Ports_detail: {
        parameters: {
            query?: {
                /** @description Ports of this node (a UUID, or a name from 1.5). */
                node?: string;
                /** @description Ports of this node (taken over `node`). */
                node_uuid?: string;
                /** @description The port with this MAC address. */
                address?: string;
                /** @description Ports of this port group (UUID or name). From microversion 1.24. */
                portgroup?: string;
                /** @description Ports of the nodes of these comma-separated shards. From microversion 1.82. */
                shard?: string;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Shards_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShardList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Shards_put: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Shards_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Shards_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Shards_patch: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Shards_unknown: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Volume_root: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Volume"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Volume_connectors: {
        parameters: {
            query?: {
                /** @description Those of this node (UUID or name). */
                node?: string;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
                /** @description Comma-separated fields to show of each item (and its `links`). From microversion 1.8. */
                fields?: string;
                /** @description Whole items, as the `/detail` path shows them; not with `fields`. From microversion 1.32. */
                detail?: boolean;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VolumeConnectorList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Volume_createConnector: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["VolumeConnectorCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VolumeConnector"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Volume_connector: {
        parameters: {
            query?: {
                /** @description Comma-separated fields to show (and `links`). From microversion 1.8. */
                fields?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VolumeConnector"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Volume_removeConnector: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Volume_updateConnector: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["JsonPatch"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VolumeConnector"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Volume_targets: {
        parameters: {
            query?: {
                /** @description Those of this node (UUID or name). */
                node?: string;
                /** @description The UUID of the last item of the previous page: where this page starts (the `next` link carries it). */
                marker?: string;
                /** @description How many items at most (1000, the default, when more are asked for); a full page has a `next` link. */
                limit?: number;
                /** @description The field to sort by; `id` (the default) is the creation order. */
                sort_key?: string;
                /** @description The sort direction (default `asc`). */
                sort_dir?: "asc" | "desc";
                /** @description Comma-separated fields to show of each item (and its `links`). From microversion 1.8. */
                fields?: string;
                /** @description Whole items, as the `/detail` path shows them; not with `fields`. From microversion 1.32. */
                detail?: boolean;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VolumeTargetList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Volume_createTarget: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["VolumeTargetCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VolumeTarget"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Volume_target: {
        parameters: {
            query?: {
                /** @description Comma-separated fields to show (and `links`). From microversion 1.8. */
                fields?: string;
            };
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VolumeTarget"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            default: components["responses"]["Error"];
        };
    };
    Volume_removeTarget: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
    Volume_updateTarget: {
        parameters: {
            query?: never;
            header?: {
                /** @description The microversion asked for, 1.1 to 1.82 or `latest` (or `OpenStack-API-Version: baremetal 1.x`); without it, 1.1. */
                "X-OpenStack-Ironic-API-Version"?: components["parameters"]["Microversion"];
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["JsonPatch"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VolumeTarget"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["NotAcceptable"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["Error"];
        };
    };
}
